// The back office's calls about a booking's money (docs/admin.md): record money received
// by cash or bank transfer, send a payment link, record a refund owed as paid back. Each
// answers with the booking and its money, as on its page.
import type { AdminBookingAnswer } from '../props';
import type { TypedAmount } from './admin';
import { apiPath, request, type ApiResponse } from './client';

export type OfflineMethod = 'cash' | 'bank_transfer';

export interface RecordPaymentInput {
  /** Made once per form and sent again on every retry: the server records it once */
  key: string;
  method: OfflineMethod;
  /** At most what is due; "" for all of it */
  amountMinor: TypedAmount;
  /** YYYY-MM-DD; "" for today */
  receivedOn: string;
  reference: string;
}

export function recordPayment(id: string, input: RecordPaymentInput): Promise<ApiResponse<AdminBookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'payments'), { ...input });
}

export function sendPaymentLink(id: string, key: string): Promise<ApiResponse<AdminBookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'payment-links'), { key });
}

export function refundPaidBack(
  id: string,
  refundId: string,
  input: { paidOn: string; reference: string },
): Promise<ApiResponse<AdminBookingAnswer>> {
  return request('POST', apiPath('api/v1/admin/bookings', id, 'refunds', refundId, 'paid-back'), { ...input });
}
