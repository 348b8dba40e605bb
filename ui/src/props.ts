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
}

export interface Review {
  id: string;
  text: string;
  rating: number;
  userName: string;
  userPhoto: string;
}

export interface TourDetail extends TourCard {
  description: string;
  pictures: string[];
  guides: Guide[];
  locations: TourLocation[];
  startDates: StartDateOption[];
  reviews: Review[];
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
}

export interface PageProps {
  overview: { tours: TourCard[] };
  tour: { tour: TourDetail };
  login: Record<string, never>;
  signup: Record<string, never>;
  account: Record<string, never>;
  myTours: { bookings: BookingRow[] };
  error: { status: number; title: string; message: string };
}

export type PageName = keyof PageProps;

/** What the document carries in #page-props and what renderPage receives. */
export interface PageData<P extends PageName = PageName> {
  page: P;
  site: SiteConfig;
  user: SessionUser | null;
  props: PageProps[P];
}
