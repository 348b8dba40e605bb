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
