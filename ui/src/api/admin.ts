// The back office's calls (docs/admin.md). They only talk to the server: the pages decide
// which alert to show, because every call answers with the tour and each page section has
// its own words for what just happened (lib/tour-answer.ts).
import type { AdminDeparture, AdminTour, Difficulty, ExtraPer, QuestionView, TourStatus, TravellerDetails } from '../props';
import { request, type ApiResponse } from './client';

/**
 * A number field as the operator left it: a number when the text was one, otherwise the
 * text itself, so the server refuses it with its own message (no client-side validation).
 */
export type NumberField = number | string;

/**
 * An amount of money as the person typed it ("1.290,00"). Every money field sends it so:
 * the server reads it with the site's rules in the tour's or the booking's currency
 * (internal/money, README "Typing amounts"), the one parser that decides; the page only
 * previews what it will understand (lib/amount.ts). Scripts may send minor units instead.
 */
export type TypedAmount = string;

export interface StopInput {
  /** [longitude, latitude] */
  coordinates: [NumberField, NumberField];
  day: NumberField;
  description: string;
}

/** AdminTour's editable fields: the body of a create, any subset of them for an update. */
export interface TourInput {
  name: string;
  slug: string;
  summary: string;
  description: string;
  difficulty: Difficulty;
  durationDays: NumberField;
  maxGroupSize: NumberField;
  price: TypedAmount;
  /** "" for none */
  priceDiscount: TypedAmount;
  currency: string;
  timeZone: string;
  /** Percent, as typed ("25", "12.5"); left out on create: the business's default rate */
  taxRate?: NumberField;
  startLocation: { coordinates: [NumberField, NumberField]; description: string };
  locations: StopInput[];
  guides: string[];
  /** Refund tiers, in any order: the server sorts them. Left out on create: the usual 30/7-day policy */
  cancellationPolicy?: TierInput[];
  /**
   * The price categories, each replacing the whole list. The first one's price is the
   * tour's price: the server keeps them equal, the one that changed setting the other.
   */
  priceCategories?: CategoryInput[];
  extras?: ExtraInput[];
  travellers?: TravellerDetails;
  questions?: QuestionInput[];
  /** Empty or 0: the usual 48 hours */
  answersCutoffHours?: NumberField;
  /** The deposit asked at checkout for far departures (issue #24 §3); kind '' asks none */
  deposit?: DepositInput;
}

/** A tour's deposit as typed: a percentage of the price or an amount per traveller, and the balance's days before departure. */
export interface DepositInput {
  kind: '' | 'percent' | 'amount';
  percent: NumberField;
  amount: TypedAmount;
  balanceDays: NumberField;
}

/** A price category as typed; an empty id is made from the name by the server. */
export interface CategoryInput {
  id: string;
  name: string;
  price: TypedAmount;
  /** Empty: no bound (the ages, and the minimum and maximum per booking) */
  minAge: NumberField;
  maxAge: NumberField;
  takesSeat: boolean;
  min: NumberField;
  max: NumberField;
  /** Another category's id, or "" */
  onlyWith: string;
}

export interface ExtraInput {
  id: string;
  name: string;
  description: string;
  price: TypedAmount;
  per: ExtraPer;
  /** Per departure; empty: no limit */
  stock: NumberField;
}

/**
 * A question as typed: the question as the API shows it (QuestionView), sent back whole.
 * A new one has no id and is given one; a choice question's options, none for the others.
 */
export type QuestionInput = QuestionView;

export interface TierInput {
  daysBefore: NumberField;
  percent: NumberField;
}

/** What every tour call answers with. */
export interface TourAnswer {
  tour: AdminTour;
}

export interface DeparturesAdded extends TourAnswer {
  added: number;
  skipped: number;
}

export type PictureKind = 'cover' | 'gallery';

interface DepartureOptions {
  /** "09:00", local to the tour's time zone */
  startTime: string;
  /** Left out: the tour's group size */
  capacity?: NumberField;
  meetingPoint?: string;
}

export interface OneDeparture extends DepartureOptions {
  /** yyyy-mm-dd */
  date: string;
}

export interface DepartureSeries extends DepartureOptions {
  from: string;
  to: string;
  /** 0 (Sunday) to 6 */
  weekdays: number[];
}

export interface DepartureChanges {
  startTime?: string;
  capacity?: NumberField;
  meetingPoint?: string;
  closed?: boolean;
  /** The departure's own price per category id, as typed; "" is the category's usual price, {} clears them all */
  prices?: Record<string, TypedAmount>;
}

type TourResponse = Promise<ApiResponse<TourAnswer>>;

function tourPath(id: string, ...rest: string[]): string {
  return ['api/v1/tours', id, ...rest].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/');
}

export function createTour(input: TourInput): TourResponse {
  return request('POST', 'api/v1/tours', { ...input });
}

/** Refused with 409 when `version` is no longer the tour's current one. */
export function updateTour(id: string, version: number, changes: Partial<TourInput>): TourResponse {
  return request('PATCH', tourPath(id), { ...changes, version });
}

export function setTourStatus(id: string, status: TourStatus): TourResponse {
  return request('PUT', tourPath(id, 'status'), { status });
}

export function deleteTour(id: string): Promise<ApiResponse<null>> {
  return request('DELETE', tourPath(id));
}

/**
 * `picture` may be missing: the server then says a picture is needed. The kind goes
 * first: the server streams the picture to its image processor as it arrives, so it
 * must know what the picture is for before it starts.
 */
export function uploadPicture(id: string, picture: File | undefined, kind: PictureKind): TourResponse {
  const form = new FormData();
  form.append('kind', kind);
  if (picture) form.append('picture', picture);
  return request('POST', tourPath(id, 'pictures'), form);
}

/** The gallery's new order: every current file once. */
export function orderPictures(id: string, files: string[]): TourResponse {
  return request('PUT', tourPath(id, 'pictures'), { pictures: files });
}

export function removePicture(id: string, file: string): TourResponse {
  return request('DELETE', tourPath(id, 'pictures', file));
}

export function listDepartures(id: string): Promise<ApiResponse<{ departures: AdminDeparture[] }>> {
  return request('GET', tourPath(id, 'departures'));
}

export function addDepartures(id: string, input: OneDeparture | DepartureSeries): Promise<ApiResponse<DeparturesAdded>> {
  return request('POST', tourPath(id, 'departures'), { ...input });
}

export function updateDeparture(id: string, date: string, changes: DepartureChanges): TourResponse {
  return request('PATCH', tourPath(id, 'departures', date), { ...changes });
}

export interface SeriesChanges extends DepartureChanges {
  from: string;
  to: string;
  /** 0 (Sunday) to 6 */
  weekdays: number[];
}

export interface DeparturesUpdated extends TourAnswer {
  updated: number;
  skipped: number;
}

/** Changes, closes or reopens every departure of a series (docs/admin.md). */
export function updateSeries(id: string, changes: SeriesChanges): Promise<ApiResponse<DeparturesUpdated>> {
  return request('PATCH', tourPath(id, 'departures'), { ...changes });
}

export function deleteDeparture(id: string, date: string): TourResponse {
  return request('DELETE', tourPath(id, 'departures', date));
}
