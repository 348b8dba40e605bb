import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';

describe('AdminEmailsPage', () => {
  it('lists the outbox with status, attempts and the last error, each linking to the email', () => {
    render(<App data={fixtures.adminEmails} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Emails' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Emails' }).getAttribute('aria-current')).toBe('page');
    const rows = within(screen.getByRole('table', { name: 'Emails, newest first' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const held = within(rows[0]!);
    expect(held.getByRole('rowheader').textContent).toBe('Fri 14 May 2027, 16:02 UTC');
    expect(held.getByText('booking_cancelled')).toBeTruthy();
    expect(held.getByText('Jennifer Hardy <jennifer@example.com>')).toBeTruthy();
    expect(held.getByRole('link', { name: 'Your booking of The Forest Hiker is cancelled' }).getAttribute('href')).toBe('/admin/emails/e-6a1f09c2');
    expect(held.getByText('Held (no SMTP)').className).toBe('status status--email-held');
    const failed = within(rows[1]!);
    expect(failed.getByText('Failed').className).toBe('status status--email-failed');
    expect(failed.getByText('3')).toBeTruthy();
    expect(failed.getByText('550 5.1.1 mailbox unavailable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/emails?page=2');
  });

  it('filters by status, kind and recipient with a GET form kept in the paging links', () => {
    const data = {
      ...fixtures.adminEmails,
      props: {
        ...fixtures.adminEmails.props,
        filters: { status: 'held' as const, kind: 'booking_cancelled', to: 'jennifer@' },
        paging: { page: 2, total: 120, hasPrev: true, hasNext: true },
      },
    };
    const { container } = render(<App data={data} />);
    const form = container.querySelector('form#email-filter') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/admin/emails']);
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([status.name, status.value]).toEqual(['status', 'held']);
    expect([...status.options].map((o) => o.value)).toEqual(['', 'pending', 'sending', 'sent', 'failed', 'held']);
    expect((screen.getByLabelText('Kind') as HTMLInputElement).value).toBe('booking_cancelled');
    expect((screen.getByLabelText('Recipient') as HTMLInputElement).name).toBe('to');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/admin/emails?status=held&kind=booking_cancelled&to=jennifer%40');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/emails?status=held&kind=booking_cancelled&to=jennifer%40&page=3');
  });

  it('says when nothing matches', () => {
    const data = { ...fixtures.adminEmails, props: { ...fixtures.adminEmails.props, emails: [], filters: { status: 'failed' as const, kind: '', to: '' } } };
    render(<App data={data} />);
    expect(screen.getByText('No emails match these filters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show every email' }).getAttribute('href')).toBe('/admin/emails');
  });
});
