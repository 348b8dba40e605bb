import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

describe('AdminLegalPage', () => {
  it('shows the three editors and the versions of the terms, each linking to its page', () => {
    render(<App data={fixtures.adminLegal} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Legal pages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Legal pages' }).getAttribute('aria-current')).toBe('page');
    const terms = screen.getByLabelText('Terms of booking (Markdown)') as HTMLTextAreaElement;
    expect(terms.value).toBe('# Terms of booking\n\n1. **Booking.** A booking is confirmed once it is paid.');
    expect((screen.getByLabelText('Imprint (Markdown)') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('Not written yet: the page says so to visitors.')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Versions of the terms of booking, newest first' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').getAttribute('href'))).toEqual(['/terms/v/2', '/terms/v/1']);
  });

  it('saves the terms as a new version: the alert, the editor and the list say so', async () => {
    const fetch = mockFetch(
      jsonResponse({
        status: 'success',
        data: {
          new: true,
          markdown: '# Terms\n\nPay first.',
          version: { number: 3, savedAt: 'Tue 4 May 2027, 10:00 UTC', savedBy: 'Kwame Mensah', url: '/terms/v/3' },
        },
      }),
    );
    const { container } = render(<App data={fixtures.adminLegal} />);
    fireEvent.change(screen.getByLabelText('Terms of booking (Markdown)'), { target: { value: '# Terms\n\nPay first.\n' } });
    fireEvent.click(container.querySelector('#legal-terms-save') as HTMLButtonElement);
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/v1\/admin\/legal\/terms$/);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ markdown: '# Terms\n\nPay first.\n' });
    expect(currentAlert()?.textContent).toBe('Terms of booking saved as version 3');
    expect(container.querySelector('#legal-terms-version')?.textContent).toContain('Version 3, saved Tue 4 May 2027, 10:00 UTC by Kwame Mensah.');
    const rows = within(screen.getByRole('table', { name: 'Versions of the terms of booking, newest first' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link').textContent).toBe('Version 3');
  });

  it('shows a refused save next to the field, and previews the page as the server renders it', async () => {
    mockFetch(
      jsonResponse({ status: 'fail', message: 'Please write the imprint: it cannot be empty.', fields: { markdown: 'Please write the imprint: it cannot be empty.' } }, 400),
      jsonResponse({ status: 'success', data: { html: '<h1>Imprint</h1>\n<p>Sample Tours Ltd</p>\n' } }),
    );
    const { container } = render(<App data={fixtures.adminLegal} />);
    fireEvent.click(container.querySelector('#legal-imprint-save') as HTMLButtonElement);
    await flush();
    const field = screen.getByLabelText('Imprint (Markdown)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector('#legal-imprint-error')?.textContent).toBe('Please write the imprint: it cannot be empty.');
    expect(currentAlert()?.className).toBe('alert alert--error');

    fireEvent.change(field, { target: { value: '# Imprint\n\nSample Tours Ltd' } });
    fireEvent.click(container.querySelector('#legal-imprint-preview-button') as HTMLButtonElement);
    await flush();
    expect(container.querySelector('#legal-imprint-preview')?.innerHTML).toBe('<h1>Imprint</h1>\n<p>Sample Tours Ltd</p>\n');
  });
});
