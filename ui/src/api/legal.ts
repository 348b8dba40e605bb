// The legal pages' calls (docs/admin.md, admins): save a page's Markdown as its next
// version, or see it as the page would show it.
import type { AdminLegalVersion } from '../props';
import { apiPath, request, type ApiResponse } from './client';

export type LegalKind = 'terms' | 'privacy' | 'imprint';

/** What a save answers: the version now current, and whether this save made it. */
export interface LegalSaved {
  version: AdminLegalVersion;
  new: boolean;
  markdown: string;
}

/** PUT /api/v1/admin/legal/{kind}. */
export function saveLegal(kind: string, markdown: string): Promise<ApiResponse<LegalSaved>> {
  return request('PUT', apiPath('api/v1/admin/legal', kind), { markdown });
}

/** POST /api/v1/admin/legal/{kind}/preview: the sanitised HTML the page would show. */
export function previewLegal(kind: string, markdown: string): Promise<ApiResponse<{ html: string }>> {
  return request('POST', apiPath('api/v1/admin/legal', kind, 'preview'), { markdown });
}
