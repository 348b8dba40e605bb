// Renders one message of the contract in email-props.ts: subject, HTML document and text.
// The server bundle aliases react-dom/server.browser to React's legacy string renderer
// (vite.server.config.ts), which has renderToStaticMarkup: no hydration markers, and the
// same module the pages use, so emails add no renderer to the bundle.
import { renderToStaticMarkup } from 'react-dom/server.browser';
import { bookingCancelled } from './booking-cancelled-email';
import { bookingChanged } from './booking-changed-email';
import { bookingConfirmation } from './booking-confirmation-email';
import {
  emailPropTypes,
  type EmailData,
  type EmailKind,
  type EmailMessage,
  type EmailPropsByKind,
  type RenderedEmail,
} from './email-props';
import type { EmailTemplate } from './email-template';
import { emailChanged } from './email-changed-email';
import { passwordReset } from './password-reset-email';
import { giftCard } from './gift-card-email';
import { giftCardReceipt } from './gift-card-receipt-email';
import { paymentLink } from './payment-link-email';
import { reminder } from './reminder-email';
import { detailsReminder } from './details-reminder-email';
import { balanceReminder } from './balance-reminder-email';
import { reviewRequest } from './review-request-email';
import { signupAttempt } from './signup-attempt-email';
import { waitlistCancelled } from './waitlist-cancelled-email';
import { bookingNotice } from './booking-notice-email';
import { waitlistOffer } from './waitlist-offer-email';
import { welcome } from './welcome-email';

const templates: { [K in EmailKind]: EmailTemplate<EmailPropsByKind[K]> } = {
  passwordReset,
  welcome,
  emailChanged,
  signupAttempt,
  bookingConfirmation,
  bookingCancelled,
  bookingChanged,
  reminder,
  detailsReminder,
  balanceReminder,
  waitlistOffer,
  waitlistCancelled,
  bookingNotice,
  reviewRequest,
  paymentLink,
  giftCard,
  giftCardReceipt,
};

export const emailKinds = Object.keys(templates) as EmailKind[];

export function isEmailKind(kind: unknown): kind is EmailKind {
  // Not `kind in templates`: "toString" would pass.
  return typeof kind === 'string' && Object.prototype.hasOwnProperty.call(templates, kind);
}

/**
 * Throws when the JSON does not have the shape of its kind, naming every problem, so the
 * outbox records why instead of mailing "Hi undefined".
 */
function checkShape(data: EmailData): void {
  const problems: string[] = [];
  const site: unknown = data.site;
  if (typeof site !== 'object' || site === null) {
    problems.push('site is missing');
  } else {
    const fields = site as Record<string, unknown>;
    for (const field of ['name', 'url', 'logo', 'contactEmail', 'contactPhone', 'colour', 'colourDark', 'colourLight'] as const) {
      if (typeof fields[field] !== 'string') problems.push(`site.${field} is not a string`);
    }
    const address = fields.address;
    if (!Array.isArray(address) || !address.every((line) => typeof line === 'string')) {
      problems.push('site.address is not a list of lines');
    }
  }
  const props: unknown = data.props;
  if (typeof props !== 'object' || props === null) {
    problems.push('props is missing');
  } else {
    for (const [field, type] of Object.entries(emailPropTypes[data.kind])) {
      const value = (props as Record<string, unknown>)[field];
      if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
        problems.push(`props.${field} is not a ${type}`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`renderEmail ${data.kind}: ${problems.join(', ')}`);
}

function render<K extends EmailKind>(message: EmailMessage<K>): RenderedEmail {
  const { Component, subject, text } = templates[message.kind];
  const data = { site: message.site, props: message.props };
  return {
    subject: subject(data),
    html: `<!doctype html>${renderToStaticMarkup(<Component {...data} />)}`,
    text: text(data),
  };
}

export function renderEmail(data: EmailData): RenderedEmail {
  const kind: unknown = data.kind;
  if (!isEmailKind(kind)) throw new Error(`renderEmail: unknown kind "${String(kind)}"`);
  checkShape(data);
  return render(data);
}
