import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../lib/navigate';
import { currentAlert, jsonResponse, mockFetch, textResponse } from '../test/helpers';
import { NETWORK_ERROR } from './client';
import { login, logout, signup, updateSettings } from './users';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(navigate).mockReset();
});

describe('login', () => {
  it('posts the credentials, shows "Login successful" and goes to / after exactly 1000 ms', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    await expect(login('laura@example.com', 'pass1234')).resolves.toBe(true);

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/v1/users/login`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(init!.body as string)).toEqual({ email: 'laura@example.com', password: 'pass1234' });

    expect(currentAlert()?.className).toBe('alert alert--success');
    expect(currentAlert()?.textContent).toBe('Login successful');
    vi.advanceTimersByTime(999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('shows the server message, logs it and stays on failure', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Incorrect email or password' }, 401));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(login('laura@example.com', 'wrong')).resolves.toBe(false);

    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Incorrect email or password');
    expect(consoleError).toHaveBeenCalled();
    expect(consoleError.mock.calls.flat().join(' ')).toContain('Incorrect email or password');
    vi.advanceTimersByTime(10000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a network failure into a readable error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await login('a@b.c', 'x');
    expect(currentAlert()?.textContent).toBe(NETWORK_ERROR);
  });

  it('turns a body that is not JSON into a readable error', async () => {
    mockFetch(textResponse('<html>502 Bad Gateway</html>', 502));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await login('a@b.c', 'x');
    expect(currentAlert()?.textContent).toBe(NETWORK_ERROR);
  });
});

describe('logout', () => {
  it('calls GET logout, shows "Logged out successfully" and goes to / after 1500 ms', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    await logout();
    expect(fetch.mock.calls[0]![0]).toBe(`${window.location.origin}/api/v1/users/logout`);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(currentAlert()?.textContent).toBe('Logged out successfully');
    vi.advanceTimersByTime(1499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('resolves the path against the site root from a nested page', async () => {
    window.history.pushState({}, '', '/tour/the-forest-hiker');
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    await logout();
    expect(fetch.mock.calls[0]![0]).toBe(`${window.location.origin}/api/v1/users/logout`);
    window.history.pushState({}, '', '/');
  });

  it('shows an error alert on failure and stays', async () => {
    mockFetch(jsonResponse({ status: 'error', message: 'Please try again later' }, 500));
    await logout();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Please try again later');
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('signup', () => {
  it('posts the four fields, shows "Account created" and goes to / after 1000 ms', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    const data = { name: 'Ann', email: 'ann@example.com', password: 'pass1234', passwordConfirm: 'pass1234' };
    await signup(data);
    expect(fetch.mock.calls[0]![0]).toBe(`${window.location.origin}/api/v1/users/signup`);
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual(data);
    expect(currentAlert()?.textContent).toBe('Account created');
    vi.advanceTimersByTime(999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('shows the server message on failure', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Passwords are not the same' }, 400));
    await signup({ name: 'Ann', email: 'ann@example.com', password: 'a', passwordConfirm: 'b' });
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Passwords are not the same');
  });
});

describe('updateSettings', () => {
  it("sends type 'data' as multipart FormData to updateMe and shows 'DATA updated successfully'", async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { user: { name: 'X' } } }));
    const form = new FormData();
    form.append('name', 'Laura W');
    form.append('email', 'laura@example.com');
    const res = await updateSettings(form, 'data');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/v1/users/updateMe`);
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include' });
    expect(init!.body).toBe(form);
    expect(new Headers(init!.headers).get('Content-Type')).toBeNull();
    expect(currentAlert()?.textContent).toBe('DATA updated successfully');
    expect(res.data?.user?.name).toBe('X');
  });

  it("sends type 'password' as JSON to updateMyPassword and shows 'PASSWORD updated successfully'", async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    const change = { passwordCurrent: 'old12345', password: 'new12345', passwordConfirm: 'new12345' };
    await updateSettings(change, 'password');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/v1/users/updateMyPassword`);
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include' });
    expect(JSON.parse(init!.body as string)).toEqual(change);
    expect(currentAlert()?.className).toBe('alert alert--success');
    expect(currentAlert()?.textContent).toBe('PASSWORD updated successfully');
  });

  it('shows the server message on failure', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Your current password is wrong' }, 401));
    await updateSettings({ passwordCurrent: 'x', password: 'y', passwordConfirm: 'y' }, 'password');
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Your current password is wrong');
  });
});
