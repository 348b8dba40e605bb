// waitlistOffer: seats freed on a departure the traveller waited for are held for them
// until a deadline; the button leads to /my-tours, where the offer is paid.
import { EmailButton } from './email-button';
import { EmailFacts } from './email-facts';
import { oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { WaitlistOfferProps } from './email-props';
import type { EmailTemplateProps, Fact } from './email-template';
import { factsText, linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<WaitlistOfferProps>;

const heading = 'Seats are free for you';
const buttonLabel = 'Pay and confirm';

export function waitlistOfferSubject({ props }: Data): string {
  return oneLine(`Seats are free on ${props.tourName}: pay by ${props.deadline}`);
}

function news({ props }: Data): string {
  const people = props.participants === 1 ? '1 person' : `${props.participants} people`;
  return `Good news: seats came free on ${props.tourName} on ${props.date}, and we are holding them for you (${people}) until ${props.deadline}. After that they go to the next person on the waiting list.`;
}

function offerFacts({ props }: Data): Fact[] {
  return [
    { label: 'Tour', value: props.tourName },
    { label: 'Date', value: props.date },
    { label: 'Start time', value: props.startTime },
    { label: 'Participants', value: String(props.participants) },
    { label: 'Amount', value: props.amount },
    { label: 'Pay by', value: props.deadline },
  ];
}

export function WaitlistOfferEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout site={site} title={waitlistOfferSubject(data)} preview={news(data)} heading={heading}>
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>{news(data)}</EmailParagraph>
      <EmailFacts facts={offerFacts(data)} />
      <EmailButton href={props.payUrl} label={buttonLabel} />
    </EmailLayout>
  );
}

export function waitlistOfferText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading,
    blocks: [
      wrap(`Hi ${props.name},`),
      wrap(news(data)),
      factsText(offerFacts(data)),
      linkText(`${buttonLabel}:`, props.payUrl),
    ],
  });
}
