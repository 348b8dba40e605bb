// bookingConfirmation: the booking's details; the Go side attaches the calendar file (.ics).
import { EmailButton } from './email-button';
import { EmailFacts } from './email-facts';
import { oneLine, participantsText } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { BookingConfirmationProps } from './email-props';
import type { EmailTemplateProps, Fact } from './email-template';
import { factsText, linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<BookingConfirmationProps>;

const heading = 'Your booking is confirmed';
const buttonLabel = 'View your booking';
const calendar = 'The calendar file for this tour is attached: open it to add the tour to your calendar.';

export function bookingConfirmationSubject({ props }: Data): string {
  return oneLine(`Your booking: ${props.tourName} on ${props.date}`);
}

function thanks({ props }: Data): string {
  return `Thank you for booking ${props.tourName}. Here are the details:`;
}

function bookingFacts({ props }: Data): Fact[] {
  const facts: Fact[] = [
    { label: 'Tour', value: props.tourName, href: props.tourUrl },
    { label: 'Date', value: props.date },
    { label: 'Start time', value: props.startTime },
    { label: 'Participants', value: participantsText(props.participants) },
    { label: 'Total', value: props.amount },
  ];
  if (props.meetingPoint !== '') facts.push({ label: 'Meeting point', value: props.meetingPoint });
  return facts;
}

export function BookingConfirmationEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout
      site={site}
      title={bookingConfirmationSubject(data)}
      preview={`${props.tourName}, ${props.date} at ${props.startTime}`}
      heading={heading}
    >
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>{thanks(data)}</EmailParagraph>
      <EmailFacts facts={bookingFacts(data)} />
      <EmailParagraph>{calendar}</EmailParagraph>
      <EmailButton href={props.bookingUrl} label={buttonLabel} />
    </EmailLayout>
  );
}

export function bookingConfirmationText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading,
    blocks: [
      wrap(`Hi ${props.name},`),
      wrap(thanks(data)),
      factsText(bookingFacts(data)),
      wrap(calendar),
      linkText(`${buttonLabel}:`, props.bookingUrl),
    ],
  });
}
