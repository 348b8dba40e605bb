// POST /api/v1/admin/emails/{id}/resend (docs/admin.md, admins only): the email is due again now.
import type { AdminEmailDetail } from '../props';
import { apiPath, request, type ApiResponse } from './client';

export function resendEmail(id: string): Promise<ApiResponse<{ email: AdminEmailDetail }>> {
  return request('POST', apiPath('api/v1/admin/emails', id, 'resend'));
}

export type NoticeMode = 'immediate' | 'daily';

/** PUT /api/v1/admin/settings/booking-notices (admins): how booking news reach the staff. */
export function setBookingNotices(mode: NoticeMode): Promise<ApiResponse<{ mode: NoticeMode }>> {
  return request('PUT', apiPath('api/v1/admin/settings/booking-notices'), { mode });
}

/** PUT /api/v1/admin/settings/email-retention (admins): how many days sent emails keep their bodies. */
export function setEmailRetention(days: string): Promise<ApiResponse<{ days: number }>> {
  return request('PUT', apiPath('api/v1/admin/settings/email-retention'), { days });
}
