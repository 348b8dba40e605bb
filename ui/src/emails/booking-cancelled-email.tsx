// bookingCancelled: which booking, why (when given) and what was refunded (when anything).
import { EmailButton } from './email-button';
import { oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { BookingCancelledProps } from './email-props';
import type { EmailTemplateProps } from './email-template';
import { linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<BookingCancelledProps>;

const heading = 'Your booking is cancelled';
const buttonLabel = 'Find another tour';

export function bookingCancelledSubject({ props }: Data): string {
  return oneLine(`Your booking of ${props.tourName} is cancelled`);
}

function cancelled({ props }: Data): string {
  return `Your booking of ${props.tourName} on ${props.date} is cancelled.`;
}

function reason({ props }: Data): string {
  return props.reason === '' ? '' : `Reason: ${props.reason}`;
}

function refund({ props }: Data): string {
  return props.refunded === ''
    ? 'No payment was refunded for this booking.'
    : `We have refunded ${props.refunded}. Depending on your bank, it can take a few days to appear on your statement.`;
}

export function BookingCancelledEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout site={site} title={bookingCancelledSubject(data)} preview={cancelled(data)} heading={heading}>
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>{cancelled(data)}</EmailParagraph>
      {props.reason !== '' && <EmailParagraph>{reason(data)}</EmailParagraph>}
      <EmailParagraph>{refund(data)}</EmailParagraph>
      <EmailButton href={site.url} label={buttonLabel} />
    </EmailLayout>
  );
}

export function bookingCancelledText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading,
    blocks: [
      wrap(`Hi ${props.name},`),
      wrap(cancelled(data)),
      wrap(reason(data)),
      wrap(refund(data)),
      linkText(`${buttonLabel}:`, site.url),
    ],
  });
}
