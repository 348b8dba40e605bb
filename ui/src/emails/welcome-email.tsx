// welcome: sent after sign-up, pointing at the tours.
import { oneLine } from './email-format';
import { notice } from './email-notice';
import type { WelcomeProps } from './email-props';

export const welcome = notice<WelcomeProps>(({ site, props }) => {
  const subject = oneLine(`Welcome to ${site.name}`);
  const ready = `Your ${site.name} account is ready. Find a tour that suits you, book your places in a few steps, and keep every booking in one place in your account.`;
  return {
    subject,
    heading: subject,
    preview: ready,
    name: props.name,
    blocks: [{ paragraph: ready }, { button: 'Browse the tours', href: props.toursUrl }],
  };
});
