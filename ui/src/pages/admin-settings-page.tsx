// /admin/settings (admins): the business's name, logo, colour, contact, legal identity,
// defaults for new tours and the home page's words (docs/admin.md).
// Ids for browser tests: #admin-nav, #settings-form, #settings-<field> (settings-name,
// settings-short-name, settings-colour, settings-contact-email, …), #settings-colour-preview,
// #settings-save, and the logo's (components/admin/logo-settings.tsx).
import { useState } from 'react';
import { AdminNav } from '../components/admin/admin-nav';
import { LogoSettings } from '../components/admin/logo-settings';
import { SettingsForm } from '../components/admin/settings-form';
import type { PageProps } from '../props';

export function AdminSettingsPage({ settings: initial, currencies, timeZones, minContrast }: PageProps['adminSettings']) {
  // The settings as last saved: the form's and the logo's saves each answer with all of them.
  const [settings, setSettings] = useState(initial);
  return (
    <div className="admin">
      <AdminNav current="settings" />
      <h1 className="page-title">Settings</h1>
      <LogoSettings settings={settings} onSaved={setSettings} />
      <SettingsForm settings={settings} currencies={currencies} timeZones={timeZones} minContrast={minContrast} onSaved={setSettings} />
    </div>
  );
}
