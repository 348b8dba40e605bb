// waitlistCancelled: the departure a traveller waited for (or had seats offered on) is
// cancelled by the operator, so their place on its waiting list has ended; nothing was
// charged. The button leads to the tour's page, to choose another date.
import { EmailButton } from './email-button';
import { EmailFacts } from './email-facts';
import { oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { WaitlistCancelledProps } from './email-props';
import type { EmailTemplateProps, Fact } from './email-template';
import { factsText, linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<WaitlistCancelledProps>;

const heading = 'This departure is cancelled';
const buttonLabel = 'Choose another date';

export function waitlistCancelledSubject({ props }: Data): string {
  return oneLine(`${props.tourName} on ${props.date} is cancelled: your waiting list place has ended`);
}

function news({ props }: Data): string {
  const people = props.participants === 1 ? '1 person' : `${props.participants} people`;
  return `We are sorry: the departure of ${props.tourName} on ${props.date} is cancelled, so your place on its waiting list (${people}) has ended.`;
}

function offer({ props }: Data): string {
  return props.offered === ''
    ? 'Nothing was charged.'
    : `The seats we were holding for you are released and the offer of ${props.offered} can no longer be paid. Nothing was charged.`;
}

function reason({ props }: Data): string {
  return props.reason === '' ? '' : `Reason: ${props.reason}`;
}

function facts({ props }: Data): Fact[] {
  return [
    { label: 'Tour', value: props.tourName },
    { label: 'Date', value: props.date },
    { label: 'Start time', value: props.startTime },
    { label: 'Participants', value: String(props.participants) },
  ];
}

export function WaitlistCancelledEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout site={site} title={waitlistCancelledSubject(data)} preview={news(data)} heading={heading}>
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>{news(data)}</EmailParagraph>
      {props.reason !== '' && <EmailParagraph>{reason(data)}</EmailParagraph>}
      <EmailParagraph>{offer(data)}</EmailParagraph>
      <EmailFacts facts={facts(data)} />
      <EmailButton href={props.tourUrl} label={buttonLabel} />
    </EmailLayout>
  );
}

export function waitlistCancelledText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading,
    blocks: [
      wrap(`Hi ${props.name},`),
      wrap(news(data)),
      wrap(reason(data)),
      wrap(offer(data)),
      factsText(facts(data)),
      linkText(`${buttonLabel}:`, props.tourUrl),
    ],
  });
}
