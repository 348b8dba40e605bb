import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;
const email = fixtures.adminEmail.props.email;

describe('AdminEmailPage', () => {
  it('shows the headers, the history, the attachments and the text part', () => {
    render(<App data={fixtures.adminEmail} />);
    expect(screen.getByRole('heading', { level: 1, name: email.subject })).toBeTruthy();
    const details = within(document.getElementById('email-details')!);
    expect(details.getByText('Jennifer Hardy <jennifer@example.com>')).toBeTruthy();
    expect(details.getByText('booking_cancelled')).toBeTruthy();
    expect(details.getByText('Held (no SMTP)').className).toBe('status status--email-held');
    expect(details.getByText('Not sent')).toBeTruthy();
    expect(within(document.getElementById('email-history')!).getByText('Held: no SMTP server')).toBeTruthy();
    expect(document.getElementById('email-attachments')!.textContent).toBe('booking.ics (text/calendar, 1.2 KB)');
    const text = document.getElementById('email-text')!;
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe(email.text);
  });

  it('shows the HTML part only in a sandboxed iframe, never in the page', () => {
    const { container } = render(<App data={fixtures.adminEmail} />);
    const frame = screen.getByTitle(`HTML part of “${email.subject}”`) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(email.html);
    // Nothing of the email became the page's own DOM.
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src^="https://evil.test"]')).toBeNull();
    expect(container.querySelector('[style]')).toBeNull();
    // The server's markup has it only as an escaped attribute.
    const html = renderToString(<App data={fixtures.adminEmail} />);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src="https://evil.test');
    expect(html).toContain('sandbox=""');
    // React writes the attribute as srcDoc; HTML attribute names are case-insensitive.
    expect(html.toLowerCase()).toContain('srcdoc="&lt;p style=&quot;color:#55c57a&quot;&gt;');
  });

  it('resends with POST …/resend, alerts and shows the answered email', async () => {
    const queued = { ...email, status: 'pending' as const, statusLabel: 'Pending', resends: 1, nextAttemptAt: 'Sat 15 May 2027, 08:00 UTC' };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { email: queued } }));
    render(<App data={fixtures.adminEmail} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual([`${origin}/api/v1/admin/emails/e-6a1f09c2/resend`, 'POST']);
    expect(currentAlert()?.textContent).toBe('Email queued again');
    expect(within(document.getElementById('email-status')!).getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Sat 15 May 2027, 08:00 UTC')).toBeTruthy();
  });

  it('shows the server message when the email is being sent', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'This email is being sent right now.' }, 409));
    render(<App data={fixtures.adminEmail} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('This email is being sent right now.');
    expect(within(document.getElementById('email-status')!).getByText('Held (no SMTP)')).toBeTruthy();
  });
});
