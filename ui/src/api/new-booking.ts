// POST /api/v1/admin/bookings (docs/admin.md): the back office's New booking. A refused
// form answers each field's message by its key in `fields`.
import type { TypedAmount } from './admin';
import { request, type ApiResponse } from './client';

export type PaymentChoice = 'received' | 'later' | 'link';

export interface NewBookingInput {
  tourId: string;
  date: string;
  email: string;
  name: string;
  phone: string;
  participants: number;
  travellers: string[];
  notes: string;
  /** Another total price */
  priceMinor?: TypedAmount;
  /** A discount off the tour's price */
  discountMinor?: TypedAmount;
  discountPercent?: number;
  priceNote: string;
  payment: PaymentChoice;
  paymentMethod: 'cash' | 'bank_transfer';
  receivedOn: string;
  reference: string;
  payBy: string;
  sendConfirmation: boolean;
  /** Made once per form: sent again, the server answers with the same booking */
  key: string;
}

export type NewBookingAnswer = ApiResponse<{ bookingId: string; url: string }> & { fields?: Record<string, string> };

export function createBooking(input: NewBookingInput): Promise<NewBookingAnswer> {
  return request('POST', 'api/v1/admin/bookings', { ...input });
}
