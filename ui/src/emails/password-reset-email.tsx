// passwordReset: the link to choose a new password, and how long it works.
import { EmailButton } from './email-button';
import { minutesText, oneLine } from './email-format';
import { EmailLayout } from './email-layout';
import { EmailParagraph } from './email-paragraph';
import type { PasswordResetProps } from './email-props';
import type { EmailTemplateProps } from './email-template';
import { linkText, plainTextEmail, wrap } from './plain-text';

type Data = EmailTemplateProps<PasswordResetProps>;

const heading = 'Reset your password';
const buttonLabel = 'Choose a new password';

export function passwordResetSubject({ site }: Data): string {
  return oneLine(`Reset your ${site.name} password`);
}

function request({ site }: Data): string {
  return `Someone, hopefully you, asked to reset the password of your ${site.name} account.`;
}

function validity({ props }: Data): string {
  return `The link works for ${minutesText(props.validMinutes)}.`;
}

const ignore = 'If you did not ask for this, you can ignore this email: your password stays as it is.';

export function PasswordResetEmail(data: Data) {
  const { site, props } = data;
  return (
    <EmailLayout site={site} title={passwordResetSubject(data)} preview={validity(data)} heading={heading}>
      <EmailParagraph>Hi {props.name},</EmailParagraph>
      <EmailParagraph>
        {request(data)} To choose a new one, use the button below. {validity(data)}
      </EmailParagraph>
      <EmailButton href={props.resetUrl} label={buttonLabel} />
      <EmailParagraph>{ignore}</EmailParagraph>
    </EmailLayout>
  );
}

export function passwordResetText(data: Data): string {
  const { site, props } = data;
  return plainTextEmail({
    site,
    heading,
    blocks: [
      wrap(`Hi ${props.name},`),
      wrap(`${request(data)} To choose a new one, open the link below. ${validity(data)}`),
      linkText(`${buttonLabel}:`, props.resetUrl),
      wrap(ignore),
    ],
  });
}
