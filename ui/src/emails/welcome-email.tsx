// welcome: sent after sign-up, pointing at the tours.
import { EmailButton } from './email-button';
import { oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { WelcomeProps } from './email-props';
import type { EmailTemplateProps } from './email-template';
import { linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<WelcomeProps>;

const buttonLabel = 'Browse the tours';

export function welcomeSubject({ site }: Data): string {
  return oneLine(`Welcome to ${site.name}`);
}

function ready({ site }: Data): string {
  return `Your ${site.name} account is ready. Find a tour that suits you, book your places in a few steps, and keep every booking in one place in your account.`;
}

export function WelcomeEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout site={site} title={welcomeSubject(data)} preview={ready(data)} heading={welcomeSubject(data)}>
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>{ready(data)}</EmailParagraph>
      <EmailButton href={props.toursUrl} label={buttonLabel} />
    </EmailLayout>
  );
}

export function welcomeText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading: welcomeSubject(data),
    blocks: [wrap(`Hi ${props.name},`), wrap(ready(data)), linkText(`${buttonLabel}:`, props.toursUrl)],
  });
}
