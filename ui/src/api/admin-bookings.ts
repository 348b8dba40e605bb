// The back office's booking calls (docs/admin.md): cancel and refund one booking, settle a
// refund-due one, cancel a whole departure, record a walk-in. The pages decide the alerts.
import type { AdminBookingDetail, CancelResult } from '../props';
import type { NumberField } from './admin';
import { apiPath, request, type ApiResponse } from './client';

export interface BookingAnswer {
  booking: AdminBookingDetail;
}

export interface CancelBookingInput {
  /** Minor units, 0 to what is left to refund; text the operator typed goes as typed */
  refundMinor: NumberField;
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

/** A refund-due booking whose money went back by other means. */
export function resolveBooking(id: string, reason: string): Promise<ApiResponse<BookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'resolve'), { reason });
}

/** Closes the departure and cancels every paid or refund-due booking with a full refund. */
export function cancelDeparture(tourId: string, date: string, reason: string): Promise<ApiResponse<{ results: CancelResult[] }>> {
  return request('POST', apiPath('api/v1/tours', tourId, 'departures', date, 'cancel'), { reason });
}

/** A booking paid outside the site; the answer's data is not used (the page reloads). */
export function recordWalkIn(tourId: string, date: string, input: WalkInInput): Promise<ApiResponse<unknown>> {
  return request('POST', apiPath('api/v1/tours', tourId, 'departures', date, 'bookings'), { ...input });
}
