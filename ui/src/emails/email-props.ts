// The contract between the Go mail outbox and the email templates.
//
// The Go side renders a message with the same server bundle and engine as the pages:
//
//   renderPage("email:" + kind, json)
//
// where json is
//
//   {"kind": "passwordReset",
//    "site": {"name": "Tourbook", "url": "https://tours.example", "logo": "",
//             "address": [], "contactEmail": "", "contactPhone": "",
//             "colour": "#1f6f50", "colourDark": "#155239", "colourLight": "#e8f3ee"},
//    "props": {"name": "Ada", "resetUrl": "https://tours.example/reset-password/…", "validMinutes": 60}}
//
// and gets back a JSON string (not an object: both engines hand strings across most simply)
//
//   {"subject": "Reset your Tourbook password",
//    "html": "<!doctype html><html lang=\"en\">…</html>",
//    "text": "Tourbook\n\nHi Ada,\n\n…"}
//
// - `kind` in the JSON must equal the part of `page` after "email:"; renderPage throws when
//   it does not, when the kind is unknown, or when a prop is missing or has the wrong type
//   (see emailPropTypes), so a broken message fails in the outbox instead of reaching a
//   customer as "Hi undefined".
// - Every string is final: amounts, dates and times are formatted in Go, exactly as the
//   pages get them (props.ts). URLs are absolute (the email is read outside the site).
//   Optional facts are "" when absent, never null or missing.
// - `subject` is one line: runs of whitespace (including CR/LF from, say, a tour name) are
//   collapsed to one space. It may hold non-ASCII text; the Go side encodes the header.
// - `html` is a complete document with inline styles only (no <style>, no classes, no
//   images but the business's logo, no other external resources); every value from the
//   props is escaped by React. It
//   is a single line of UTF-8 far longer than SMTP's 998-byte limit, so the Go side must
//   send it quoted-printable or base64 (as the text, which may hold non-ASCII too).
// - `text` is the plain-text alternative with the same content: lines of at most 72
//   characters except where a URL alone is longer (URLs are never broken), "\n" line
//   endings (the Go side converts to CRLF for SMTP), ending with one "\n".
//
// The Go side mirrors these types; the site name used in subjects and texts is site.name.

/**
 * The business the message comes from (its settings): the logo or wordmark, the footer
 * and the "your account at …" lines.
 */
export interface EmailSite {
  /** "Fjord & Fell Tours" */
  name: string;
  /** The site's address, absolute, e.g. "https://tours.example" */
  url: string;
  /** The logo's absolute address, "" without one (the name is the wordmark) */
  logo: string;
  /** The postal address's lines (none: []) */
  address: string[];
  /** "" when not given */
  contactEmail: string;
  /** "" when not given */
  contactPhone: string;
  /** The brand colour and its dark and light shades, each "#rrggbb" (email-colours.tsx) */
  colour: string;
  colourDark: string;
  colourLight: string;
}

export interface PasswordResetProps {
  name: string;
  resetUrl: string;
  /** How long the link works, in minutes */
  validMinutes: number;
}

export interface WelcomeProps {
  name: string;
  toursUrl: string;
}

export interface EmailChangedProps {
  name: string;
  /** The address the account signs in with now */
  newEmail: string;
  /** The site's log-in page */
  loginUrl: string;
}

export interface SignupAttemptProps {
  name: string;
  /** The site's log-in page */
  loginUrl: string;
}

export interface BookingConfirmationProps {
  name: string;
  /** The booking's reference, "TB-7KQ4M2" */
  reference: string;
  tourName: string;
  tourUrl: string;
  /** Formatted start date, e.g. "Saturday, 12 June 2027" */
  date: string;
  /** Formatted start time, e.g. "9:00 AM" */
  startTime: string;
  /** How many people travel, seated or not (an infant on a lap counts) */
  participants: number;
  /**
   * What the booking bought, one line per price category, "2 × Adult at €497.00", joined
   * by "\n" (a booking made before categories reads as that many adults)
   */
  travellers: string;
  /** One line per extra, "2 × Wetsuit at €15.00", joined by "\n"; "" for none */
  extras: string;
  /** Formatted total, e.g. "$994.00" */
  amount: string;
  /** "" when the tour has none */
  meetingPoint: string;
  bookingUrl: string;
  /** Formatted amount still to pay for a booking taken by the operator, "" when paid */
  due: string;
  /** Formatted day to pay by, "" when none */
  payBy: string;
}

export interface BookingCancelledProps {
  name: string;
  /** The booking's reference, "TB-7KQ4M2" */
  reference: string;
  tourName: string;
  date: string;
  /** Formatted amount refunded, or "" when nothing was refunded */
  refunded: string;
  /** The operator's message to customers, or "": never an internal note */
  message: string;
  /**
   * How the refund comes back when the booking was paid outside the site: "bank transfer"
   * or "cash", from the operator; "" when it went back through the card payment.
   */
  returnedBy: string;
}

export interface PaymentLinkProps {
  name: string;
  tourName: string;
  date: string;
  startTime: string;
  /** How many people travel, seated or not (an infant on a lap counts) */
  participants: number;
  /**
   * What the booking bought, one line per price category, "2 × Adult at €497.00", joined
   * by "\n" (a booking made before categories reads as that many adults)
   */
  travellers: string;
  /** One line per extra, "2 × Wetsuit at €15.00", joined by "\n"; "" for none */
  extras: string;
  /** Formatted amount due, e.g. "€2,580.00" */
  amount: string;
  /** The provider's checkout for exactly that amount */
  payUrl: string;
  /** Until when the link can be paid, with the tour's zone */
  expires: string;
  bookingUrl: string;
}

/** The recipient's gift card (issue #24 §2). */
export interface GiftCardProps {
  /** The recipient's name */
  name: string;
  /** The buyer's name; "" when they gave none */
  from: string;
  message: string;
  /** "7KQ4-M2XW-9D3F-HT6R" */
  code: string;
  amount: string;
  expires: string;
  /** The site's tours, where the card is spent */
  toursUrl: string;
}

/** The buyer's receipt for a gift card. */
export interface GiftCardReceiptProps {
  name: string;
  recipientName: string;
  recipientEmail: string;
  amount: string;
  deliverOn: string;
  expires: string;
  paymentRef: string;
  /** /gift-cards, to give another */
  giftCardsUrl: string;
}

export interface BookingChangedProps {
  name: string;
  tourName: string;
  /** The departure's date as it now is */
  date: string;
  startTime: string;
  /** How many people travel, seated or not (an infant on a lap counts) */
  participants: number;
  /**
   * What the booking bought, one line per price category, "2 × Adult at €497.00", joined
   * by "\n" (a booking made before categories reads as that many adults)
   */
  travellers: string;
  /** One line per extra, "2 × Wetsuit at €15.00", joined by "\n"; "" for none */
  extras: string;
  /** What changed, "Travellers: 3 → 2" each, joined by "; "; "" for a refund alone */
  changes: string;
  /** Formatted amount given back with this change, or "" */
  refunded: string;
  /** Formatted balance still to pay, or "" */
  due: string;
  /** The operator's message to customers, or "": never an internal note */
  message: string;
  /** How money given back reaches the customer: "" to the card, else "bank transfer" or "cash" */
  returnedBy: string;
  bookingUrl: string;
  /** The calendar file attached ("tour.ics") when the date changed, or "" */
  calendarFile: string;
}

export interface ReminderProps {
  name: string;
  /** The booking's reference, "TB-7KQ4M2" */
  reference: string;
  tourName: string;
  date: string;
  startTime: string;
  /** "" when the tour has none */
  meetingPoint: string;
  bookingUrl: string;
}

export interface BalanceReminderProps {
  name: string;
  /** The booking's reference, "TB-7KQ4M2" */
  reference: string;
  tourName: string;
  date: string;
  /** Formatted: received so far, and the balance still due */
  paid: string;
  due: string;
  /** The day the balance is due, "Fri 2 May 2031" */
  dueBy: string;
  bookingUrl: string;
}

export interface DetailsReminderProps {
  name: string;
  /** The booking's reference, "TB-7KQ4M2" */
  reference: string;
  tourName: string;
  date: string;
  /** When the details can no longer be changed, in the tour's time */
  cutoff: string;
  /** What is missing, one per line ("Dietary needs (traveller 2, Child)") */
  missing: string;
  bookingUrl: string;
}

export interface ReviewRequestProps {
  name: string;
  tourName: string;
  reviewUrl: string;
}

export interface WaitlistOfferProps {
  name: string;
  tourName: string;
  date: string;
  startTime: string;
  participants: number;
  /** Formatted total, e.g. "$994.00" */
  amount: string;
  /** When the held seats go to the next person, with the departure's zone */
  deadline: string;
  /** Where the offer is paid (/my-tours) */
  payUrl: string;
}

export interface WaitlistCancelledProps {
  name: string;
  tourName: string;
  date: string;
  startTime: string;
  participants: number;
  /** The operator's message to customers, or "": never an internal note */
  message: string;
  /** The amount of the offer that ended with it, or "" when the traveller was waiting */
  offered: string;
  /** The tour's page, to choose another date */
  tourUrl: string;
}

export interface BookingNoticeProps {
  /** The operator or guide it goes to */
  name: string;
  /** One line per booking news ("New booking: …"), separated by "\n" */
  lines: string;
  /** The digest's day, e.g. "Thu 26 November 2026"; "" for news sent at once */
  day: string;
  /** Says how these emails come and where an admin changes it */
  setting: string;
  /** The back office's bookings list */
  bookingsUrl: string;
}

export interface EmailPropsByKind {
  passwordReset: PasswordResetProps;
  welcome: WelcomeProps;
  emailChanged: EmailChangedProps;
  signupAttempt: SignupAttemptProps;
  bookingConfirmation: BookingConfirmationProps;
  bookingCancelled: BookingCancelledProps;
  bookingChanged: BookingChangedProps;
  reminder: ReminderProps;
  detailsReminder: DetailsReminderProps;
  balanceReminder: BalanceReminderProps;
  reviewRequest: ReviewRequestProps;
  waitlistOffer: WaitlistOfferProps;
  waitlistCancelled: WaitlistCancelledProps;
  paymentLink: PaymentLinkProps;
  bookingNotice: BookingNoticeProps;
  giftCard: GiftCardProps;
  giftCardReceipt: GiftCardReceiptProps;
}

export type EmailKind = keyof EmailPropsByKind;

/** The JSON handed to renderPage("email:" + kind, …) for one kind. */
export interface EmailMessage<K extends EmailKind = EmailKind> {
  kind: K;
  site: EmailSite;
  props: EmailPropsByKind[K];
}

/** Any message: narrowing on `kind` narrows `props`. */
export type EmailData = { [K in EmailKind]: EmailMessage<K> }[EmailKind];

/** What renderPage("email:…") returns, serialised as JSON. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type PropType = 'string' | 'number';

/**
 * The JSON type of every prop of every kind, checked before rendering. The mapped type
 * makes the compiler insist that this lists exactly the fields of the interfaces above.
 */
export const emailPropTypes: { [K in EmailKind]: Record<keyof EmailPropsByKind[K], PropType> } = {
  bookingNotice: { name: 'string', lines: 'string', day: 'string', setting: 'string', bookingsUrl: 'string' },
  passwordReset: { name: 'string', resetUrl: 'string', validMinutes: 'number' },
  welcome: { name: 'string', toursUrl: 'string' },
  emailChanged: { name: 'string', newEmail: 'string', loginUrl: 'string' },
  signupAttempt: { name: 'string', loginUrl: 'string' },
  bookingConfirmation: {
    name: 'string',
    reference: 'string',
    tourName: 'string',
    tourUrl: 'string',
    date: 'string',
    startTime: 'string',
    participants: 'number',
    travellers: 'string',
    extras: 'string',
    amount: 'string',
    meetingPoint: 'string',
    bookingUrl: 'string',
    due: 'string',
    payBy: 'string',
  },
  bookingCancelled: {
    name: 'string',
    reference: 'string',
    tourName: 'string',
    date: 'string',
    refunded: 'string',
    message: 'string',
    returnedBy: 'string',
  },
  bookingChanged: {
    name: 'string',
    tourName: 'string',
    date: 'string',
    startTime: 'string',
    participants: 'number',
    travellers: 'string',
    extras: 'string',
    changes: 'string',
    refunded: 'string',
    due: 'string',
    message: 'string',
    returnedBy: 'string',
    bookingUrl: 'string',
    calendarFile: 'string',
  },
  reminder: {
    name: 'string',
    reference: 'string',
    tourName: 'string',
    date: 'string',
    startTime: 'string',
    meetingPoint: 'string',
    bookingUrl: 'string',
  },
  detailsReminder: {
    name: 'string',
    reference: 'string',
    tourName: 'string',
    date: 'string',
    cutoff: 'string',
    missing: 'string',
    bookingUrl: 'string',
  },
  balanceReminder: {
    name: 'string',
    reference: 'string',
    tourName: 'string',
    date: 'string',
    paid: 'string',
    due: 'string',
    dueBy: 'string',
    bookingUrl: 'string',
  },
  reviewRequest: { name: 'string', tourName: 'string', reviewUrl: 'string' },
  waitlistOffer: {
    name: 'string',
    tourName: 'string',
    date: 'string',
    startTime: 'string',
    participants: 'number',
    amount: 'string',
    deadline: 'string',
    payUrl: 'string',
  },
  waitlistCancelled: {
    name: 'string',
    tourName: 'string',
    date: 'string',
    startTime: 'string',
    participants: 'number',
    message: 'string',
    offered: 'string',
    tourUrl: 'string',
  },
  paymentLink: {
    name: 'string',
    tourName: 'string',
    date: 'string',
    startTime: 'string',
    participants: 'number',
    travellers: 'string',
    extras: 'string',
    amount: 'string',
    payUrl: 'string',
    expires: 'string',
    bookingUrl: 'string',
  },
  giftCard: {
    name: 'string',
    from: 'string',
    message: 'string',
    code: 'string',
    amount: 'string',
    expires: 'string',
    toursUrl: 'string',
  },
  giftCardReceipt: {
    name: 'string',
    recipientName: 'string',
    recipientEmail: 'string',
    amount: 'string',
    deliverOn: 'string',
    expires: 'string',
    paymentRef: 'string',
    giftCardsUrl: 'string',
  },
};
