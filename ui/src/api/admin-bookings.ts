// The back office's booking calls (docs/admin.md): cancel and refund one booking, settle a
// refund-due one, cancel a whole departure, record a walk-in. The pages decide the alerts.
import type { AdminBookingDetail, CancelResult, ChangePreview, EmailPreview } from '../props';
import type { NumberField, TypedAmount } from './admin';
import { apiPath, request, type ApiResponse } from './client';

export interface BookingAnswer {
  booking: AdminBookingDetail;
}

export interface CancelBookingInput {
  /** 0 to what is left to refund */
  refundMinor: TypedAmount;
  reason: string;
  /** Made once per form and sent again on every retry: the server never refunds twice */
  key: string;
}

export type PaymentMethod = 'cash' | 'bank_transfer';

export interface WalkInInput {
  email: string;
  name: string;
  participants: NumberField;
  paymentMethod: PaymentMethod;
  /** The money is not received yet: the booking awaits payment */
  awaitingPayment: boolean;
}

export function cancelBooking(id: string, input: CancelBookingInput): Promise<ApiResponse<BookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'cancel'), { ...input });
}

/** A booking whose balance is overdue, cancelled by its policy on what was paid (issue #24 §3). */
export function cancelOverdueBooking(id: string, key: string): Promise<ApiResponse<BookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'cancel-overdue'), { key });
}

/** A refund-due booking whose money went back by other means. */
export function resolveBooking(id: string, reason: string): Promise<ApiResponse<BookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'resolve'), { reason });
}

export interface RefundBookingInput {
  /** More than 0 and at most what was paid and not yet refunded */
  amountMinor: TypedAmount;
  /** The operator's, kept in the booking's history; never sent */
  reason: string;
  key: string;
}

/** Money back while the booking stays active. */
export function refundBooking(id: string, input: RefundBookingInput): Promise<ApiResponse<BookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'refund'), { ...input });
}

export interface ChangeBookingInput {
  /** 0 keeps the number of travellers */
  participants: NumberField;
  /** Another departure's day, YYYY-MM-DD; "" keeps it */
  date: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  /** The operator's, kept in the booking's history; never sent */
  note: string;
  key: string;
  /** What the preview showed: the server refuses if the booking changed meanwhile */
  expectRefundMinor?: number;
  expectDueMinor?: number;
}

/** The change worked out (what changes, the money back or due); nothing is written. */
export function previewChange(id: string, input: ChangeBookingInput): Promise<ApiResponse<{ preview: ChangePreview }>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'change', 'preview'), { ...input });
}

export function changeBooking(id: string, input: ChangeBookingInput): Promise<ApiResponse<BookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'change'), { ...input });
}

export interface CancelDepartureInput {
  /** Internal: kept in each booking's history, never sent */
  note: string;
  /** Emailed to the customers */
  message: string;
  /** Booking id → the departure it moves to instead of being refunded */
  moves: Record<string, string>;
}

/** Closes the departure and cancels every paid or refund-due booking with a full refund, or moves it. */
export function cancelDeparture(tourId: string, date: string, input: CancelDepartureInput): Promise<ApiResponse<{ results: CancelResult[] }>> {
  return request('POST', apiPath('api/v1/tours', tourId, 'departures', date, 'cancel'), { ...input });
}

/** The cancellation email a customer would get with this message, as it would read. */
export function previewDepartureCancel(tourId: string, date: string, message: string): Promise<ApiResponse<{ email: EmailPreview }>> {
  return request('POST', apiPath('api/v1/tours', tourId, 'departures', date, 'cancel', 'preview'), { message });
}

/** A booking paid outside the site; the answer's data is not used (the page reloads). */
export function recordWalkIn(tourId: string, date: string, input: WalkInInput): Promise<ApiResponse<unknown>> {
  return request('POST', apiPath('api/v1/tours', tourId, 'departures', date, 'bookings'), { ...input });
}
