// passwordReset: the link to choose a new password, and how long it works.
import { minutesText } from './email-format';
import { notice } from './email-notice';
import type { PasswordResetProps } from './email-props';

export const passwordReset = notice<PasswordResetProps>(({ site, props }) => {
  const request = `Someone, hopefully you, asked to reset the password of your ${site.name} account.`;
  const validity = `The link works for ${minutesText(props.validMinutes)}.`;
  return {
    subject: `Reset your ${site.name} password`,
    heading: 'Reset your password',
    preview: validity,
    name: props.name,
    blocks: [
      {
        paragraph: `${request} To choose a new one, use the button below. ${validity}`,
        text: `${request} To choose a new one, open the link below. ${validity}`,
      },
      { button: 'Choose a new password', href: props.resetUrl },
      { paragraph: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
    ],
  };
});
