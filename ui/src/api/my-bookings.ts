// The traveller's own booking: read it again (with a fresh refund quote) and cancel it.
import type { MyBooking } from '../props';
import { apiPath, request, type ApiResponse } from './client';

export interface MyBookingAnswer {
  booking: MyBooking;
}

export function getMyBooking(id: string): Promise<ApiResponse<MyBookingAnswer>> {
  return request('GET', apiPath('api/v1/my-bookings', id));
}

/**
 * Cancels the booking. expectedRefundMinor is the refund the traveller confirmed: if a
 * deadline passed since, the server cancels nothing and says what it is now.
 */
export function cancelMyBooking(id: string, expectedRefundMinor: number): Promise<ApiResponse<MyBookingAnswer>> {
  return request('POST', apiPath('api/v1/my-bookings', id, 'cancel'), { expectedRefundMinor });
}

/** One traveller as the details form sends them (details.Given's travellers). */
export interface GivenTraveller {
  category: string;
  name: string;
  phone: string;
}

/** One answer as the details form sends it (booking.Answer; traveller 0 is the booking). */
export interface GivenAnswer {
  question: string;
  traveller: number;
  value: string;
}

/** Changes the booking's travellers and answers, until the tour's cut-off. */
export function changeMyBookingDetails(
  id: string,
  given: { travellers: GivenTraveller[]; answers: GivenAnswer[] },
): Promise<ApiResponse<MyBookingAnswer>> {
  return request('PATCH', apiPath('api/v1/my-bookings', id, 'details'), { ...given });
}
