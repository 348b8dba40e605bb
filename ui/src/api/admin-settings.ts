// The business's settings (docs/admin.md, admins only): the form, and the logo on its own.
import type { BusinessSettings } from '../props';
import { request, type ApiResponse } from './client';

/** The settings form as typed: every field a string, the tax rate in percent. */
export type SettingsInput = Omit<BusinessSettings, 'logo'>;

export interface SettingsAnswer {
  settings: BusinessSettings;
}

/** PUT /api/v1/admin/settings/business: every field's message at once when some are wrong. */
export function saveSettings(input: SettingsInput): Promise<ApiResponse<SettingsAnswer>> {
  return request('PUT', 'api/v1/admin/settings/business', { ...input });
}

/** POST /api/v1/admin/settings/business/logo: multipart "logo" (PNG, JPEG or WebP). */
export function uploadLogo(file: File | undefined): Promise<ApiResponse<SettingsAnswer>> {
  const form = new FormData();
  if (file) form.append('logo', file);
  return request('POST', 'api/v1/admin/settings/business/logo', form);
}

/** DELETE /api/v1/admin/settings/business/logo: the name is shown in its place. */
export function removeLogo(): Promise<ApiResponse<SettingsAnswer>> {
  return request('DELETE', 'api/v1/admin/settings/business/logo');
}
