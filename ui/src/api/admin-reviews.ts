// PATCH /api/v1/admin/reviews/{id} (docs/admin.md, admins only): hide a review or show it again.
import type { AdminReviewRow } from '../props';
import { apiPath, request, type ApiResponse } from './client';

export function setReviewHidden(id: string, hidden: boolean): Promise<ApiResponse<{ review: AdminReviewRow }>> {
  return request('PATCH', apiPath('api/v1/admin/reviews', id), { hidden });
}
