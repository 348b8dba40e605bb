// reviewRequest: sent after the tour, asking for a review.
import { EmailButton } from './email-button';
import { oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { ReviewRequestProps } from './email-props';
import type { EmailTemplateProps } from './email-template';
import { linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<ReviewRequestProps>;

const buttonLabel = 'Write a review';

export function reviewRequestSubject({ props }: Data): string {
  return oneLine(`How was ${props.tourName}?`);
}

function ask({ props }: Data): string {
  return `We hope you enjoyed ${props.tourName}. Would you tell other travellers how it was? A few words and a rating help them choose their next tour.`;
}

export function ReviewRequestEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout site={site} title={reviewRequestSubject(data)} preview={ask(data)} heading={reviewRequestSubject(data)}>
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>{ask(data)}</EmailParagraph>
      <EmailButton href={props.reviewUrl} label={buttonLabel} />
    </EmailLayout>
  );
}

export function reviewRequestText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading: reviewRequestSubject(data),
    blocks: [wrap(`Hi ${props.name},`), wrap(ask(data)), linkText(`${buttonLabel}:`, props.reviewUrl)],
  });
}
