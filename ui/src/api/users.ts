// The account calls of SPEC.md §7 (#1–#4 and sign-up) with the alerts and redirects of §4.
import type { SessionUser } from '../props';
import { showAlert } from '../lib/alert';
import { navigate } from '../lib/navigate';
import { errorMessage, request, type ApiResponse } from './client';

export const LOGIN_REDIRECT_MS = 1000;
export const LOGOUT_REDIRECT_MS = 1500;
export const SIGNUP_REDIRECT_MS = 1000;

/** The success alert and a trip home after `delayMs`, or the server's message. */
function alertThenGoHome(res: ApiResponse, success: string, delayMs: number): boolean {
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    return false;
  }
  showAlert('success', success);
  window.setTimeout(() => navigate('/'), delayMs);
  return true;
}

export async function login(email: string, password: string): Promise<boolean> {
  const res = await request('POST', 'api/v1/users/login', { email, password });
  const ok = alertThenGoHome(res, 'Login successful', LOGIN_REDIRECT_MS);
  if (!ok) console.error('Login failed:', errorMessage(res));
  return ok;
}

export async function logout(): Promise<boolean> {
  return alertThenGoHome(await request('GET', 'api/v1/users/logout'), 'Logged out successfully', LOGOUT_REDIRECT_MS);
}

export interface SignupData {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
}

export async function signup(data: SignupData): Promise<boolean> {
  return alertThenGoHome(await request('POST', 'api/v1/users/signup', { ...data }), 'Account created', SIGNUP_REDIRECT_MS);
}

export interface PasswordChange {
  passwordCurrent: string;
  password: string;
  passwordConfirm: string;
}

export type SettingsType = 'data' | 'password';

/** What a successful update returns: the user as saved (a data update's photo URL is new). */
export type UpdateSettingsResponse = ApiResponse<{ user?: SessionUser }>;

/**
 * SPEC.md §4 "Update settings". `data` is multipart FormData (name, email, photo) for
 * type 'data', and the three password fields for type 'password'.
 */
export function updateSettings(data: FormData, type: 'data'): Promise<UpdateSettingsResponse>;
export function updateSettings(data: PasswordChange, type: 'password'): Promise<UpdateSettingsResponse>;
export async function updateSettings(
  data: FormData | PasswordChange,
  type: SettingsType,
): Promise<UpdateSettingsResponse> {
  const res =
    type === 'password'
      ? await request<{ user?: SessionUser }>('PATCH', 'api/v1/users/updateMyPassword', {
          ...(data as PasswordChange),
        })
      : await request<{ user?: SessionUser }>('PATCH', 'api/v1/users/updateMe', data as FormData);
  if (res.status === 'success') {
    showAlert('success', `${type.toUpperCase()} updated successfully`);
  } else {
    showAlert('error', errorMessage(res));
  }
  return res;
}

export const RESET_REDIRECT_MS = 1500;

/**
 * Asks for a password reset link. The server answers the same whether or not the email
 * has an account; its message says so, and is shown as it is.
 */
export async function forgotPassword(email: string): Promise<boolean> {
  const res = await request('POST', 'api/v1/users/forgotPassword', { email });
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    return false;
  }
  showAlert('success', res.message ?? 'Check your email for a link to reset your password.', 10);
  return true;
}

/** Sets a new password through a reset link, then sends the person to log in with it. */
/** The first administrator of a new site, through its setup address; then the login page. */
export async function completeSetup(form: { token: string; name: string; email: string; password: string; passwordConfirm: string }): Promise<boolean> {
  const res = await request('POST', 'api/v1/setup', form);
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    return false;
  }
  showAlert('success', 'Your administrator account is ready. Please log in.');
  window.setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
  return true;
}

export async function resetPassword(token: string, password: string, passwordConfirm: string): Promise<boolean> {
  const res = await request('POST', 'api/v1/users/resetPassword', { token, password, passwordConfirm });
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    return false;
  }
  showAlert('success', 'Password changed. Please log in with your new password.');
  window.setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
  return true;
}

/** Where the signed-in user's data is downloaded, as a JSON file. */
export const MY_DATA_URL = '/api/v1/users/me/data';
export const ACCOUNT_DELETED = 'Your account has been deleted';
export const DELETED_REDIRECT_MS = 1500;

/** Deletes the signed-in user's account; signed out, the page goes home. */
export async function deleteMe(passwordCurrent: string): Promise<boolean> {
  return alertThenGoHome(await request('POST', 'api/v1/users/deleteMe', { passwordCurrent }), ACCOUNT_DELETED, DELETED_REDIRECT_MS);
}
