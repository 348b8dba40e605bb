import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { goPage } from '../fixtures/go-pages';
import type { BusinessSettings } from '../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.querySelector(':scope > .alert')?.remove();
});

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function type(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

describe('AdminSettingsPage', () => {
  it('shows the settings Go sent: every field, the logo, the colour with its contrast', () => {
    render(<App data={goPage('adminSettings')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(input('Business name').value).toBe('Fjord & Fell Tours');
    expect(input('Short name').value).toBe('Fjord & Fell');
    expect(input('Postal address').value).toBe('Strandkaien 3\n5013 Bergen\nNorway');
    expect(input('Tax or VAT number').value).toBe('NO 912 345 678 MVA');
    expect((screen.getByLabelText('Default currency') as HTMLSelectElement).value).toBe('nok');
    expect(input('Default time zone').value).toBe('Europe/Oslo');
    expect(input('Default tax rate (%)').value).toBe('12.5');
    expect(input('Brand colour').value).toBe('#0b4f6c');
    expect(document.getElementById('settings-colour-preview')!.textContent).toBe('Text on your colourContrast 8.93:1: easy to read');
    const logo = screen.getByRole('img', { name: 'Logo of Fjord & Fell Tours, as the header shows it' });
    expect(logo.getAttribute('src')).toBe('/img/brand/logo-0123456789abcdef0123456789abcdef-header.png');
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeTruthy();
  });

  it('measures the colour as it is typed, before any save', () => {
    render(<App data={fixtures.adminSettings} />);
    const preview = document.getElementById('settings-colour-preview')!;
    type('Brand colour', '#7fd3ff');
    expect(preview.textContent).toContain('Contrast 1.65:1: too low, choose a darker colour');
    expect(preview.style.background).toBe('rgb(127, 211, 255)');
    type('Brand colour', '#7fd3f');
    expect(preview.textContent).toBe('Type a colour like #1f6f50 to see it');
  });

  it('sends every field, shows each refusal under its field at once, then the success alert', async () => {
    const fetch = mockFetch(
      jsonResponse(
        {
          status: 'fail',
          message: 'Please correct 2 fields: …',
          fields: {
            name: 'Business name cannot be empty.',
            colour: 'Brand colour: text on #7fd3ff has a contrast of 1.65:1; choose a darker colour (at least 4.5:1).',
          },
        },
        400,
      ),
    );
    render(<App data={fixtures.adminSettings} />);
    type('Brand colour', '#7fd3ff');
    type('Contact email', 'hello@fjordfell.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual([`${origin}/api/v1/admin/settings/business`, 'PUT']);
    expect(JSON.parse(init?.body as string)).toEqual({
      ...fixtures.adminSettings.props.settings,
      logo: undefined,
      colour: '#7fd3ff',
      contactEmail: 'hello@fjordfell.example',
    });
    expect(currentAlert()!.className).toContain('alert--error');
    expect(document.getElementById('settings-colour-error')!.textContent).toBe(
      'Brand colour: text on #7fd3ff has a contrast of 1.65:1; choose a darker colour (at least 4.5:1).',
    );
    expect(input('Brand colour').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('settings-name-error')!.textContent).toBe('Business name cannot be empty.');
    // What was typed stays.
    expect(input('Contact email').value).toBe('hello@fjordfell.example');

    const saved: BusinessSettings = { ...fixtures.adminSettings.props.settings, name: 'Fjord & Fell Tours', colour: '#0b4f6c' };
    mockFetch(jsonResponse({ status: 'success', data: { settings: saved } }));
    type('Business name', ' Fjord & Fell Tours ');
    type('Brand colour', '#0B4F6C');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    expect(currentAlert()!.textContent).toBe('Settings updated successfully');
    expect(currentAlert()!.className).toContain('alert--success');
    expect(document.getElementById('settings-colour-error')).toBeNull();
    // The form shows the settings as the server keeps them.
    expect(input('Business name').value).toBe('Fjord & Fell Tours');
    expect(input('Brand colour').value).toBe('#0b4f6c');
  });

  it('uploads a logo and removes it', async () => {
    const withLogo: BusinessSettings = {
      ...fixtures.adminSettings.props.settings,
      name: 'Fjord & Fell Tours',
      logo: { header: '/img/brand/logo-a-header.png', email: '/img/brand/logo-a-email.png', favicon: '/img/brand/logo-a-favicon.png' },
    };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { settings: withLogo } }));
    render(<App data={fixtures.adminSettings} />);
    expect(screen.getByText(/^No logo yet: the header shows the business's name instead\.$/)).toBeTruthy();
    const file = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input('Logo file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual([`${origin}/api/v1/admin/settings/business/logo`, 'POST']);
    expect((init?.body as FormData).get('logo')).toBe(file);
    expect(currentAlert()!.textContent).toBe('Logo updated successfully');
    expect(screen.getByRole('img', { name: 'Logo of Fjord & Fell Tours, as the header shows it' }).getAttribute('src')).toBe('/img/brand/logo-a-header.png');

    const remove = mockFetch(jsonResponse({ status: 'success', data: { settings: { ...withLogo, logo: null } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    await flush();
    expect(remove.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(currentAlert()!.textContent).toBe('Logo removed');
    expect(screen.queryByRole('img', { name: /Logo of/ })).toBeNull();
  });
});
