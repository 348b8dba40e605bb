// Personal data and the new site's help (issue #22 §5, §6): /me's download and deletion,
// the admin's download and deletion of an account, the outbox's retention, the empty
// overview and the dashboard's checklist.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { admin, fixtures } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => vi.mocked(navigate).mockReset());

const origin = window.location.origin;

function sent(fetch: ReturnType<typeof mockFetch>, i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  return { url: String(url), method: init?.method, json: init?.body ? (JSON.parse(init.body as string) as unknown) : undefined };
}

describe('AccountPage: your data', () => {
  it('offers the data as a download', () => {
    render(<App data={fixtures.account} />);
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/v1/users/me/data');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('deletes the account with the password, then goes home', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetch = mockFetch(jsonResponse({ status: 'success' }));
      render(<App data={fixtures.account} />);
      fireEvent.change(screen.getByLabelText('Your password, to delete your account'), { target: { value: 'test1234' } });
      fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      await flush();
      expect(sent(fetch)).toEqual({ url: `${origin}/api/v1/users/deleteMe`, method: 'POST', json: { passwordCurrent: 'test1234' } });
      expect(currentAlert()?.textContent).toBe('Your account has been deleted');
      // Leaving: the button stays locked.
      expect((screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled).toBe(true);
      vi.advanceTimersByTime(1500);
      expect(navigate).toHaveBeenCalledWith('/');
    } finally {
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
    }
  });

  it('shows the refusal and stays', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Your current password is wrong.' }, 401));
    render(<App data={fixtures.account} />);
    fireEvent.change(screen.getByLabelText('Your password, to delete your account'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Your current password is wrong.');
    expect((screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('AdminUsersPage: personal data', () => {
  const jennifer = fixtures.adminUsers.props.users[2]!;
  const row = () => within(screen.getByRole('rowheader', { name: 'Jennifer Hardy' }).closest('tr')!);

  it('links each user to their data', () => {
    render(<App data={fixtures.adminUsers} />);
    expect(row().getByRole('link', { name: 'Download data: Jennifer Hardy' }).getAttribute('href')).toBe('/api/v1/admin/users/u-5c8a21d0/data');
  });

  it('asks before deleting, then shows the placeholders', async () => {
    const deleted = { ...jennifer, name: 'A former traveller', email: `deleted-${jennifer.id}@invalid`, role: 'user' as const, roleLabel: 'User', active: false, deleted: true };
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { user: deleted } }));
    render(<App data={fixtures.adminUsers} />);
    fireEvent.click(row().getByRole('button', { name: 'Delete account: Jennifer Hardy' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the account of Jennifer Hardy?' });
    expect(dialog.textContent).toContain('Their bookings, receipts and reviews stay');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await flush();
    expect(sent(fetch)).toEqual({ url: `${origin}/api/v1/admin/users/u-5c8a21d0`, method: 'DELETE', json: undefined });
    expect(currentAlert()?.textContent).toBe('Account deleted');
    expect(screen.queryByRole('dialog')).toBeNull();
    const gone = within(screen.getByRole('rowheader', { name: 'A former traveller' }).closest('tr')!);
    expect(gone.getByText('Deleted')).toBeTruthy();
    expect(gone.queryByRole('button')).toBeNull();
  });

  it('leaves the account when the dialog is left', () => {
    const fetch = mockFetch();
    render(<App data={fixtures.adminUsers} />);
    fireEvent.click(row().getByRole('button', { name: 'Delete account: Jennifer Hardy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('AdminEmailsPage: retention', () => {
  it('saves the days and says so', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { days: 90 } }));
    render(<App data={fixtures.adminEmails} />);
    const field = screen.getByLabelText('Keep sent emails for (days)') as HTMLInputElement;
    expect(field.value).toBe('180');
    fireEvent.change(field, { target: { value: '90' } });
    fireEvent.submit(field.form!);
    await flush();
    expect(sent(fetch)).toEqual({ url: `${origin}/api/v1/admin/settings/email-retention`, method: 'PUT', json: { days: '90' } });
    expect(currentAlert()?.textContent).toBe('Sent emails now keep their text for 90 days');
  });

  it('shows a refused number next to the field', async () => {
    const message = 'Keep sent emails for (days) must be a whole number from 1 to 3650.';
    mockFetch(jsonResponse({ status: 'fail', message, fields: { days: message } }, 400));
    render(<App data={fixtures.adminEmails} />);
    const field = screen.getByLabelText('Keep sent emails for (days)') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'soon' } });
    fireEvent.submit(field.form!);
    await flush();
    expect(currentAlert()?.textContent).toContain(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('AdminEmailPage: a body removed', () => {
  it('says why and offers no resend', () => {
    const email = { ...fixtures.adminEmail.props.email, status: 'sent' as const, html: '', text: '', attachments: [], bodyRemoved: true };
    render(<App data={{ ...fixtures.adminEmail, props: { email } }} />);
    expect(document.getElementById('email-body-removed')!.textContent).toContain('removed after the retention period');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });
});

describe('A new site', () => {
  const empty = { ...fixtures.overview, props: { ...fixtures.overview.props, tours: [] } };

  it('tells visitors that tours are coming', () => {
    render(<App data={empty} />);
    expect(screen.getByText('Tours are coming soon. Please come back in a little while.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create your first tour' })).toBeNull();
  });

  it('gives an admin the way to the first tour', () => {
    render(<App data={{ ...empty, user: admin }} />);
    expect(screen.getByRole('link', { name: 'Create your first tour' }).getAttribute('href')).toBe('/admin/tours/new');
  });

  it('shows the dashboard checklist with what is done', () => {
    render(<App data={fixtures.adminDashboard} />);
    const list = within(document.getElementById('launch-checklist')!);
    expect(list.getByText('3 of 6 done.')).toBeTruthy();
    expect(document.getElementById('launch-terms')!.textContent).toBe('○To do: Terms of booking — Not written yet');
    expect(document.getElementById('launch-tour')!.textContent).toBe('✓Done: Your first tour, published — 3 tours published');
    expect(list.getByRole('link', { name: 'Terms of booking' }).getAttribute('href')).toBe('/admin/legal');
  });

  it('hides the checklist once everything is done', () => {
    const checklist = fixtures.adminDashboard.props.checklist.map((item) => ({ ...item, done: true }));
    render(<App data={{ ...fixtures.adminDashboard, props: { ...fixtures.adminDashboard.props, checklist } }} />);
    expect(document.getElementById('launch-checklist')).toBeNull();
  });
});
