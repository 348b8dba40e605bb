// Gift cards (issue #24 §2): buy one (a checkout at the provider, answered as a booking's
// is) and, in the back office, adjust or void one (answered with the card and its history).
import { showAlert } from '../lib/alert';
import { raiseFieldErrors } from '../lib/field-errors';
import type { AdminGiftCardProps, GiftCardSettings } from '../props';
import type { TypedAmount } from './admin';
import { leaveForCheckout, type CheckoutResponse } from './bookings';
import { apiPath, errorMessage, request, type ApiResponse } from './client';

export interface GiftCardOrder {
  /** A listed amount in minor units, or one as typed in the site's currency */
  amount: number | TypedAmount;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** YYYY-MM-DD */
  deliverOn: string;
  /** A visitor's who is not signed in */
  buyerName: string;
  buyerEmail: string;
}

/** Resolves true when the browser is leaving for the checkout; false after the error alert (fields marked). */
export async function buyGiftCard(order: GiftCardOrder): Promise<boolean> {
  const res: CheckoutResponse = await request('POST', 'api/v1/gift-cards', { ...order });
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    raiseFieldErrors(res);
    return false;
  }
  return leaveForCheckout(res);
}

export interface GiftCardChange {
  /** Made once per form: a retry changes the card once */
  key: string;
  reason: string;
  /** As typed, in the card's currency; negative takes off (adjust only) */
  amount?: TypedAmount;
}

export function changeGiftCard(id: string, action: 'adjust' | 'void', change: GiftCardChange): Promise<ApiResponse<AdminGiftCardProps>> {
  return request('POST', apiPath('api/v1/admin/gift-cards', id, action), { ...change });
}

export interface GiftCardSettingsInput {
  /** "50, 100, 200", as typed */
  amounts: string;
  min: string;
  max: string;
  expiryMonths: string;
}

export function saveGiftCardSettings(input: GiftCardSettingsInput): Promise<ApiResponse<{ settings: GiftCardSettings }>> {
  return request('PUT', 'api/v1/admin/settings/gift-cards', { ...input });
}
