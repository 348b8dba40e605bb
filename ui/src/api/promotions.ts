// Promo codes (issue #24 §1, docs/admin.md): the admins' calls, and the booking panel's
// check of a code against the booking being made.
import type { PromoQuote, PromotionForm } from '../props';
import { apiPath, request, type ApiResponse } from './client';

/** What the form sends: PromotionForm without its id, counts as numbers. */
export type PromotionInput = Omit<PromotionForm, 'id'>;

/** POST /api/v1/admin/promotions. */
export function createPromotion(input: PromotionInput): Promise<ApiResponse<{ promotion: PromotionForm }>> {
  return request('POST', apiPath('api/v1/admin/promotions'), { ...input });
}

/** PUT /api/v1/admin/promotions/{id}. */
export function updatePromotion(id: string, input: PromotionInput): Promise<ApiResponse<{ promotion: PromotionForm }>> {
  return request('PUT', apiPath('api/v1/admin/promotions', id), { ...input });
}

/** PUT /api/v1/admin/promotions/{id}/active: the code on or off. */
export function setPromotionActive(id: string, active: boolean): Promise<ApiResponse<{ promotion: PromotionForm }>> {
  return request('PUT', apiPath('api/v1/admin/promotions', id, 'active'), { active });
}

/** GET /api/v1/bookings/promo/{tourId}?promo=…&{the checkout's query}: what the code takes off. */
export function checkPromo(tourId: string, query: string): Promise<ApiResponse<{ promo: PromoQuote }>> {
  return request('GET', `${apiPath('api/v1/bookings/promo', tourId)}?${query}`);
}
