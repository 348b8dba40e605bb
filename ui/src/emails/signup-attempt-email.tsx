// signupAttempt: someone tried to create an account with an address that already has
// one. The sign-up answers as for a new address (it must not tell a stranger who has an
// account); the owner learns of it here.
import { notice } from './email-notice';
import type { SignupAttemptProps } from './email-props';

export const signupAttempt = notice<SignupAttemptProps>(({ site, props }) => {
  const tried = `Someone, perhaps you, tried to create a new ${site.name} account with this email address. You already have one, so no new account was made and nothing about yours changed.`;
  return {
    subject: `You already have a ${site.name} account`,
    heading: 'You already have an account',
    preview: tried,
    name: props.name,
    blocks: [
      { paragraph: tried },
      {
        paragraph: 'To sign in, use the button below; if you forgot your password, choose "Forgot your password?" there.',
        text: 'To sign in, open the link below; if you forgot your password, choose "Forgot your password?" there.',
      },
      { button: 'Log in', href: props.loginUrl },
      { paragraph: 'If it was not you, you can ignore this email.' },
    ],
  };
});
