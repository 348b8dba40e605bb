// emailChanged: sent to the old address when the sign-in email changes. It offers no
// link that undoes the change: someone holding a stolen session would have the same
// power over it; the owner replies instead.
import { notice } from './email-notice';
import type { EmailChangedProps } from './email-props';

export const emailChanged = notice<EmailChangedProps>(({ site, props }) => {
  const changed = `The email address of your ${site.name} account was changed to ${props.newEmail}. From now on you sign in with it, and emails about your account and bookings go there.`;
  return {
    subject: `Your ${site.name} email address was changed`,
    heading: 'Your email address was changed',
    preview: changed,
    name: props.name,
    blocks: [
      { paragraph: changed },
      { paragraph: 'If you made this change, there is nothing more to do.' },
      {
        paragraph: `If you did not, someone who knows your password has signed in to your account. Reply to this email and we will help you get it back; nothing in this email can undo the change by itself.`,
      },
      { button: `Go to ${site.name}`, href: props.loginUrl },
    ],
  };
});
