// reminder: sent two days before the tour starts, with when and where to meet.
import { EmailButton } from './email-button';
import { EmailFacts } from './email-facts';
import { oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { ReminderProps } from './email-props';
import type { EmailTemplateProps, Fact } from './email-template';
import { factsText, linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<ReminderProps>;

const heading = 'Your tour starts in two days';
const buttonLabel = 'View your booking';

export function reminderSubject({ props }: Data): string {
  return oneLine(`${props.tourName} starts in two days`);
}

function soon({ props }: Data): string {
  return `A reminder: ${props.tourName} starts on ${props.date} at ${props.startTime}. We look forward to seeing you.`;
}

function reminderFacts({ props }: Data): Fact[] {
  const facts: Fact[] = [
    { label: 'Tour', value: props.tourName },
    { label: 'Date', value: props.date },
    { label: 'Start time', value: props.startTime },
  ];
  if (props.meetingPoint !== '') facts.push({ label: 'Meeting point', value: props.meetingPoint });
  return facts;
}

export function ReminderEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout site={site} title={reminderSubject(data)} preview={soon(data)} heading={heading}>
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>{soon(data)}</EmailParagraph>
      <EmailFacts facts={reminderFacts(data)} />
      <EmailButton href={props.bookingUrl} label={buttonLabel} />
    </EmailLayout>
  );
}

export function reminderText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading,
    blocks: [
      wrap(`Hi ${props.name},`),
      wrap(soon(data)),
      factsText(reminderFacts(data)),
      linkText(`${buttonLabel}:`, props.bookingUrl),
    ],
  });
}
