// The contract between the Go page handlers and the React pages.
//
// The Go side (internal/web/props.go) builds exactly these shapes, serialises them as
// JSON, and hands them to the server bundle's renderPage(page, json). The same JSON is
// embedded in the document (<script id="page-props" type="application/json">) so the
// client hydrates with identical props. Everything locale-dependent (prices, dates) is
// formatted in Go and arrives as a string: Intl in the server's JS engine may differ from
// the browser's and break hydration.

export type Role = 'user' | 'guide' | 'lead-guide' | 'admin';
export type Difficulty = 'easy' | 'medium' | 'difficult';

export interface SiteConfig {
  name: string;
  /** Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  tileUrl: string;
  /** HTML of the attribution, e.g. &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors. Server configuration, trusted. */
  tileAttribution: string;
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  /** URL of the 500x500 photo */
  photo: string;
  /** The photo's widths ("url 64w, …"), or "" for a photo stored as one file. */
  photoSrcSet: string;
  role: Role;
}

export interface TourCard {
  id: string;
  slug: string;
  name: string;
  difficulty: Difficulty;
  durationDays: number;
  summary: string;
  coverImage: string;
  /** srcset of the cover when it is stored in several widths, else "" */
  coverSrcSet: string;
  /** Description of the start location, e.g. "Banff, CAN" */
  startLocation: string;
  /** Next start date with room, formatted ("June 2027"), or null */
  nextDate: string | null;
  stops: number;
  maxGroupSize: number;
  /** Formatted price per person, e.g. "$497" */
  price: string;
  /** Formatted average, e.g. "4.8" */
  ratingsAverage: string;
  ratingsQuantity: number;
}

/** SPEC.md §3: coordinates are [longitude, latitude]. */
export interface TourLocation {
  coordinates: [number, number];
  day: number;
  description: string;
}

export interface StartDateOption {
  /** ISO date, yyyy-mm-dd: the value sent to the checkout call */
  date: string;
  /** Formatted for people, e.g. "Tue 15 June 2027" */
  label: string;
  /** Local start time with its zone, e.g. "08:30 GMT (Atlantic/Reykjavik)" */
  startTime: string;
  /** Where the group meets, or "" */
  meetingPoint: string;
  seatsLeft: number;
  /** False for past or full dates */
  bookable: boolean;
}

export interface Guide {
  name: string;
  role: Role;
  /** Human label of the role, e.g. "Lead guide" */
  roleLabel: string;
  photo: string;
  photoSrcSet: string;
}

export interface Review {
  id: string;
  text: string;
  rating: number;
  userName: string;
  userPhoto: string;
  userPhotoSrcSet: string;
  /** When it was written, "Tue 15 June 2027" */
  date: string;
  /** Changed by its author since */
  edited: boolean;
}

/** The signed-in traveller's own review; hidden: an admin hid it from others. */
export interface OwnReview extends Review {
  hidden: boolean;
}

/** A signed-in user's place among a tour's reviewers. */
export interface ReviewStanding {
  own: OwnReview | null;
  /** No review yet, and a paid booking whose trip has ended */
  canWrite: boolean;
  /** Why they cannot write yet (their trip has not ended), or "" */
  waiting: string;
}

/** The review form's text bounds, in characters after trimming (the server's). */
export interface ReviewLimits {
  minText: number;
  maxText: number;
}

/** A picture; srcSet lists its widths when it is stored in several, else "". */
export interface Picture {
  src: string;
  srcSet: string;
}

export interface TourDetail extends TourCard {
  description: string;
  /** IANA zone the departures' start times are in */
  timeZone: string;
  pictures: Picture[];
  guides: Guide[];
  locations: TourLocation[];
  startDates: StartDateOption[];
  /** Page reviewPage (the first unless the address asked for another) of the shown reviews, newest first */
  reviews: Review[];
  reviewPage: number;
  reviewPages: number;
  /** How many reviews a page holds */
  reviewPageSize: number;
  /** The cancellation policy new bookings are made under */
  cancellationPolicy: PolicyTier[];
}

/** One line of a cancellation policy, the furthest from departure first. */
export interface PolicyTier {
  /** e.g. "7 to 29 days before departure" */
  when: string;
  /** e.g. "50% refund", "Full refund", "No refund" */
  refund: string;
}

/** One booking as its traveller sees it (/my-tours/{id}). */
export interface MyBooking {
  id: string;
  /** url is the tour's page, "" once the tour is no longer on sale */
  tour: { name: string; slug: string; url: string; coverImage: string; coverSrcSet: string; durationDays: number };
  /** "Tue 15 June 2027" */
  date: string;
  /** "08:30 GMT (Atlantic/Reykjavik)" */
  startTime: string;
  /** IANA zone the policy's days are counted in */
  timeZone: string;
  /** The departure's meeting point, or the tour's start */
  meetingPoint: string;
  /** OpenStreetMap at the tour's start */
  mapUrl: string;
  participants: number;
  /** Formatted amount paid */
  amount: string;
  /** Formatted amount refunded, "" when nothing was */
  refunded: string;
  status: BookingStatus;
  /** "Paid", "Cancelled, $497.00 refunded" */
  statusLabel: string;
  /** "Paid by card on Mon 3 May 2027" */
  payment: string;
  /** The policy the booking was made under; null when none was recorded */
  policy: PolicyTier[] | null;
  /** "/my-tours/{id}/calendar.ics" of a paid booking; "" for any other */
  calendarUrl: string;
  /** Where to review the tour: a paid booking whose trip has ended; "" otherwise */
  reviewUrl: string;
  /** An unpaid booking whose seats are still held: back to its open checkout ("" otherwise) */
  continueUrl: string;
  /** An unpaid booking whose seats are still held: the form (POST) that releases them ("" otherwise) */
  releaseUrl: string;
  /** What cancelling now gives back */
  cancel: {
    allowed: boolean;
    /** Why it cannot be cancelled here, when not allowed */
    refusal: string;
    refundMinor: number;
    /** Formatted refund */
    refund: string;
    percent: number;
    /** Days to the departure's day, where the tour runs */
    daysBefore: number;
    /** The tier that applies ("7 to 29 days before departure"), or "" */
    tier: string;
    /** The last day this refund applies ("Mon 7 June 2027"), or "" */
    until: string;
  };
}

export interface BookingRow {
  id: string;
  tour: TourCard;
  /** Formatted start date */
  date: string;
  participants: number;
  /** Formatted amount paid, e.g. "$994.00" */
  amount: string;
  status: 'pending' | 'paid' | 'refund_due' | 'refunded' | 'cancelled';
  /** Human label of the status, e.g. "Paid" */
  statusLabel: string;
  /** The tour's page, "" once the tour is no longer on sale */
  tourUrl: string;
  /** The ticket of a paid booking, to show at the departure; null otherwise */
  ticket: TicketView | null;
}

/** A paid booking's ticket as its traveller sees it. */
export interface TicketView {
  /** "7KQ4-M2XD-9TWP" */
  code: string;
  /** The QR code of the ticket, an SVG only its traveller may load */
  qrUrl: string;
  /** "" until a guide checks the ticket in, then "Checked in at 08:42" */
  checked: string;
}

/** One of the traveller's waiting list entries: a place in the queue, or an offer. */
export interface WaitlistPlace {
  id: string;
  tourName: string;
  tourSlug: string;
  /** yyyy-mm-dd */
  date: string;
  /** "Tue 15 June 2027" */
  dateLabel: string;
  /** "08:30 GMT (Atlantic/Reykjavik)" */
  startTime: string;
  participants: number;
  /** offered: seats are held for the traveller until offerUntil */
  status: 'waiting' | 'offered';
  /** 1 for the first in the queue; 0 for an offer */
  position: number;
  /** Formatted total of an offer, "" while waiting */
  amount: string;
  /** "Mon 14 June 2027, 09:00 CEST (Europe/Oslo)", "" while waiting */
  offerUntil: string;
}

/** One entry of a departure's waiting list, for operators (joining order). */
export interface ManifestWaitlistRow {
  id: string;
  customerName: string;
  customerEmail: string;
  participants: number;
  status: 'waiting' | 'offered';
  /** "Waiting" or "Offered, until …" */
  statusLabel: string;
  /** When they joined, in the tour's zone */
  joined: string;
  /** Times smaller groups behind it were offered seats it did not fit */
  passes: number;
}

// ---- The operator's back office (/admin). docs/admin.md has the API these pages call. ----

export type TourStatus = 'draft' | 'published' | 'archived';

/** One row of /admin/tours. */
export interface AdminTourRow {
  id: string;
  slug: string;
  name: string;
  status: TourStatus;
  /** "Draft", "Published", "Archived" */
  statusLabel: string;
  /** Formatted price per person, e.g. "$497" */
  price: string;
  /** Departures still to come */
  upcomingDepartures: number;
  /** The next departure's date, formatted ("Tue 15 June 2027"), or null */
  nextDeparture: string | null;
}

/** A stop as the editor and the API hold it: [lng, lat] like everywhere else. */
export interface AdminStop {
  coordinates: [number, number];
  day: number;
  description: string;
}

/** One departure of a tour; `date` (yyyy-mm-dd, local to the tour) is its key. */
export interface AdminDeparture {
  date: string;
  /** "Tue 15 June 2027" */
  label: string;
  /** "09:00", local time in the tour's zone */
  startTime: string;
  /** "09:00 GMT (Atlantic/Reykjavik)" */
  startTimeLabel: string;
  capacity: number;
  /** Seats paid for or held by an open checkout */
  taken: number;
  seatsLeft: number;
  meetingPoint: string;
  /** Closed for sale by an operator */
  closed: boolean;
  /** Already started */
  past: boolean;
  /** Has bookings, so it cannot be deleted */
  hasBookings: boolean;
}

export interface AdminPicture {
  /** The stored file name: what the picture calls take */
  file: string;
  url: string;
}

/** A tour as the back office edits it; also what every admin tour call answers with. */
export interface AdminTour {
  id: string;
  /** Sent back with every save: a save over a newer version is refused */
  version: number;
  status: TourStatus;
  name: string;
  slug: string;
  summary: string;
  description: string;
  difficulty: Difficulty;
  durationDays: number;
  maxGroupSize: number;
  /** Minor units (cents), as is priceDiscount */
  price: number;
  priceDiscount: number;
  /** ISO 4217, lower case */
  currency: string;
  /** IANA zone of the departures' start times, e.g. "Atlantic/Reykjavik" */
  timeZone: string;
  startLocation: { coordinates: [number, number]; description: string };
  locations: AdminStop[];
  /** User ids of the tour's guides, in order */
  guides: string[];
  cover: AdminPicture | null;
  pictures: AdminPicture[];
  departures: AdminDeparture[];
  /** "/tour/{slug}" */
  publicUrl: string;
  /** Refund tiers, the furthest from departure first */
  cancellationPolicy: AdminTier[];
}

/** A refund tier: cancelling at least daysBefore days before the departure's day refunds percent. */
export interface AdminTier {
  daysBefore: number;
  percent: number;
}

/** A user who may guide tours, for the guides picker. */
export interface GuideOption {
  id: string;
  name: string;
  /** "Lead guide" or "Tour guide" */
  roleLabel: string;
}

// ---- Back office, part 2: bookings, manifests, refunds, users, reviews, audit ----

export type BookingStatus = 'pending' | 'paid' | 'refund_due' | 'refunded' | 'cancelled';

/** An upcoming departure on the dashboard. */
export interface DashboardDeparture {
  tourId: string;
  tourName: string;
  /** yyyy-mm-dd */
  date: string;
  /** "Tue 15 June 2027" */
  label: string;
  /** "08:30 GMT (Atlantic/Reykjavik)" */
  startTimeLabel: string;
  capacity: number;
  /** Seats paid for */
  sold: number;
  /** Seats held by open checkouts */
  held: number;
  left: number;
  closed: boolean;
  /** "/admin/tours/{id}/departures/{date}" */
  manifestUrl: string;
  /** "/admin/tours/{id}/departures/{date}/check-in" */
  checkInUrl: string;
}

/** One row of /admin/bookings. */
export interface AdminBookingRow {
  id: string;
  tourName: string;
  /** Departure, formatted */
  date: string;
  customerName: string;
  customerEmail: string;
  participants: number;
  /** Formatted amount, e.g. "$994.00" */
  amount: string;
  status: BookingStatus;
  statusLabel: string;
  /** "Online" or "Cash" / "Bank transfer" for bookings an operator recorded */
  sourceLabel: string;
  /** "Mon 3 May 2027, 14:05 UTC" */
  createdAt: string;
}

export interface BookingHistoryEntry {
  /** Formatted time */
  at: string;
  /** What happened, e.g. "Paid", "Refunded $200.00" */
  label: string;
  /** Who did it: an operator's name, "Customer" or "System" */
  actor: string;
  /** The reason an operator gave, or provider details; may be "" */
  detail: string;
}

export interface AdminRefund {
  id: string;
  /** Formatted */
  amount: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** Formatted time */
  at: string;
  /** Why it failed, as the provider said; "" otherwise */
  error: string;
}

/** Everything known about one booking (/admin/bookings/{id}). */
export interface AdminBookingDetail {
  id: string;
  tour: { id: string; name: string; slug: string };
  departure: { date: string; label: string; startTimeLabel: string; manifestUrl: string };
  customer: { id: string; name: string; email: string };
  participants: number;
  /** Formatted amount paid (or asked, while pending) */
  amount: string;
  amountMinor: number;
  /** Formatted total refunded so far */
  refunded: string;
  currency: string;
  /** "sandbox", "stripe", or "" for bookings recorded by an operator */
  provider: string;
  checkoutId: string;
  paymentRef: string;
  sourceLabel: string;
  status: BookingStatus;
  statusLabel: string;
  createdAt: string;
  /** Formatted, or "" when not paid */
  paidAt: string;
  history: BookingHistoryEntry[];
  refunds: AdminRefund[];
  /** May be cancelled now (paid or refund due) */
  cancellable: boolean;
  /** The most that can still be refunded, minor units */
  refundableMinor: number;
}

/** One booking on a departure's manifest. */
export interface ManifestRow {
  bookingId: string;
  customerName: string;
  customerEmail: string;
  participants: number;
  status: BookingStatus;
  statusLabel: string;
  sourceLabel: string;
  /** What the guide recorded at the departure; null until then */
  checkIn: CheckInState | null;
}

/** What a guide recorded of a booking at the departure. */
export interface CheckInState {
  /** Participants who came; 0 is a no-show */
  arrived: number;
  noShow: boolean;
  /** "08:42", in the tour's time zone */
  at: string;
  /** The name of who checked it in */
  by: string;
  /** "2 of 2 arrived" or "No-show" */
  label: string;
  /** "Already checked in at 08:42 by Kwame Mensah: 2 of 2 arrived." */
  text: string;
}

/** A ticket looked up on the check-in page (POST …/tickets/lookup). */
export interface CheckInTicket {
  bookingId: string;
  /** "7KQ4-M2XD-9TWP" */
  code: string;
  customerName: string;
  participants: number;
  checkIn: CheckInState | null;
}

/** A paid booking on the check-in page, for a traveller who cannot show their code. */
export interface CheckInRow {
  bookingId: string;
  customerName: string;
  participants: number;
  checkIn: CheckInState | null;
}

/** The outcome of cancelling one booking when a whole departure is cancelled. */
export interface CancelResult {
  bookingId: string;
  customerName: string;
  ok: boolean;
  /** "Refunded $994.00" or why it failed */
  message: string;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  roleLabel: string;
  active: boolean;
}

export interface AdminReviewRow {
  id: string;
  tourName: string;
  tourSlug: string;
  userName: string;
  rating: number;
  text: string;
  hidden: boolean;
  createdAt: string;
}

export interface AuditRow {
  id: string;
  /** Formatted time */
  at: string;
  actorName: string;
  action: string;
  objectType: string;
  objectId: string;
  /** Changed fields as "field: old → new" lines */
  changes: string[];
}

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held';

/** One email of the outbox in the back office's list (no bodies). */
export interface AdminEmailRow {
  id: string;
  /** Formatted time */
  createdAt: string;
  /** What the email is for, e.g. "booking_confirmed" */
  kind: string;
  to: string;
  subject: string;
  status: EmailStatus;
  statusLabel: string;
  /** Delivery attempts begun since it was queued or last resent */
  attempts: number;
  lastError: string;
}

/** One line of an email's delivery history, oldest first. */
export interface EmailAttemptRow {
  at: string;
  outcome: string;
  outcomeLabel: string;
  error: string;
}

export interface AdminEmailDetail extends AdminEmailRow {
  /** '' when not sent */
  sentAt: string;
  /** When a pending email is due; '' otherwise */
  nextAttemptAt: string;
  /** Times an operator resent it */
  resends: number;
  /** The HTML part ('' for none): shown only in a sandboxed iframe, never in the page */
  html: string;
  /** The plain-text part ('' for none) */
  text: string;
  attachments: { name: string; contentType: string; size: number; sizeLabel: string }[];
  history: EmailAttemptRow[];
}

/** Paging of a long list: pages are 1-based. */
export interface Paging {
  page: number;
  /** How many rows match the filters, on every page */
  total: number;
  hasPrev: boolean;
  hasNext: boolean;
}

export interface PageProps {
  overview: { tours: TourCard[] };
  /** waitlist: the signed-in traveller's entries on this tour; waitlistDates: the dates (yyyy-mm-dd) whose waiting list is open */
  /** reviewing: the signed-in user's review or right to write one, null for visitors */
  tour: {
    tour: TourDetail;
    waitlist: WaitlistPlace[];
    waitlistDates: string[];
    reviewing: ReviewStanding | null;
    reviewLimits: ReviewLimits;
  };
  login: Record<string, never>;
  signup: Record<string, never>;
  forgotPassword: Record<string, never>;
  /** /reset-password/{token}: usable is false for a used, expired or unknown link. */
  resetPassword: { token: string; usable: boolean };
  account: Record<string, never>;
  /** waitlist: the traveller's waiting list entries; offers get a banner */
  myTours: { bookings: BookingRow[]; waitlist: WaitlistPlace[] };
  /** /my-tours/{id}: only its traveller sees it */
  /** ticket: the paid booking's ticket, null for any other */
  myBooking: { booking: MyBooking; ticket: TicketView | null };
  error: { status: number; title: string; message: string };
  /** /admin/tours: guides see only the tours they guide, read-only. */
  adminTours: { tours: AdminTourRow[]; query: string; status: TourStatus | ''; canEdit: boolean };
  /** /admin/tours/new (tour null) and /admin/tours/{id}. */
  adminTour: {
    tour: AdminTour | null;
    guides: GuideOption[];
    /** Suggestions for the time-zone field (any IANA name is accepted) */
    timeZones: string[];
    currencies: string[];
    canEdit: boolean;
  };
  /** /admin: the dashboard. Guides see their own departures only, and no money. */
  adminDashboard: {
    departures: DashboardDeparture[];
    /** null for guides */
    sales: { bookings30d: number; revenue30d: string; refundDue: number } | null;
  };
  /** /admin/bookings?tour=&date=&status=&email=&from=&to=&page= */
  adminBookings: {
    bookings: AdminBookingRow[];
    filters: { tour: string; date: string; status: BookingStatus | ''; email: string; from: string; to: string };
    tours: { id: string; name: string }[];
    paging: Paging;
  };
  /** /admin/bookings/{id} */
  adminBooking: { booking: AdminBookingDetail };
  /** /admin/tours/{id}/departures/{date}: the manifest; guides of the tour see it read-only. */
  adminManifest: {
    tour: { id: string; name: string };
    departure: { date: string; label: string; startTimeLabel: string; meetingPoint: string; capacity: number; closed: boolean; past: boolean };
    rows: ManifestRow[];
    /** Participants of paid bookings */
    travellers: number;
    /** "/admin/tours/{id}/departures/{date}/manifest.csv" */
    csvUrl: string;
    /** "/admin/tours/{id}/departures/{date}/check-in" */
    checkInUrl: string;
    /** May record walk-ins and cancel the departure (admin, lead guide) */
    canManage: boolean;
    /** The departure's waiting list in joining order; waiting adds up its people */
    waitlist: ManifestWaitlistRow[];
    waiting: number;
  };
  /** /admin/tours/{id}/departures/{date}/check-in: the guide's check-in at the departure, for a phone. */
  adminCheckIn: {
    tour: { id: string; name: string };
    departure: { date: string; label: string; startTimeLabel: string; meetingPoint: string; capacity: number; closed: boolean; past: boolean };
    /** "/admin/tours/{id}/departures/{date}" */
    manifestUrl: string;
    /** While it is not yet the departure's day: when check-in opens; "" once open */
    opens: string;
    rows: CheckInRow[];
    /** Participants of paid bookings */
    travellers: number;
    /** Of those, checked in as arrived */
    arrived: number;
  };
  /** /admin/users?q= (admins) */
  adminUsers: { users: AdminUserRow[]; query: string; paging: Paging };
  /** /admin/reviews (admins) */
  adminReviews: { reviews: AdminReviewRow[]; paging: Paging };
  /** /admin/audit?actor=&object= (admins) */
  adminAudit: { entries: AuditRow[]; filters: { actor: string; object: string }; paging: Paging };
  /** /admin/emails?status=&kind=&to= (admins): the email outbox, newest first */
  adminEmails: {
    emails: AdminEmailRow[];
    filters: { status: EmailStatus | ''; kind: string; to: string };
    statuses: { value: EmailStatus; label: string }[];
    paging: Paging;
  };
  /** /admin/emails/{id} (admins) */
  adminEmail: { email: AdminEmailDetail };
}

export type PageName = keyof PageProps;

/** What the document carries in #page-props and what renderPage receives. */
export interface PageData<P extends PageName = PageName> {
  page: P;
  site: SiteConfig;
  user: SessionUser | null;
  props: PageProps[P];
}
