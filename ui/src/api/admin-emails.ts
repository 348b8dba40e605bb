// POST /api/v1/admin/emails/{id}/resend (docs/admin.md, admins only): the email is due again now.
import type { AdminEmailDetail } from '../props';
import { apiPath, request, type ApiResponse } from './client';

export function resendEmail(id: string): Promise<ApiResponse<{ email: AdminEmailDetail }>> {
  return request('POST', apiPath('api/v1/admin/emails', id, 'resend'));
}
