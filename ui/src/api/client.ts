// A small typed client for the JSON API (SPEC.md §7). Every call resolves, never rejects:
// network failures and bodies that are not the API's JSON become an 'error' response with
// a message a person can read, so callers only ever show `message`.

export type ApiStatus = 'success' | 'fail' | 'error';

export interface ApiResponse<T = unknown> {
  status: ApiStatus;
  /** On a failure: what went wrong, all fields summed up when there are several. */
  message?: string;
  /** On a form's failure: each field's message, by the field's key as the request names it ("price", "locations.0.day"). */
  fields?: Record<string, string>;
  data?: T;
}

export const NETWORK_ERROR = 'Network error: please check your connection and try again.';
export const UNKNOWN_ERROR = 'Something went wrong. Please try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Paths are written as SPEC.md §7 gives them ("api/v1/users/login"); a path without a
 * leading slash is resolved against the site root, not the current page, so the same call
 * works from /tour/{slug} as from /login.
 */
export function apiUrl(path: string): string {
  if (/^[a-z]+:\/\//i.test(path)) return path;
  return new URL(path, `${window.location.origin}/`).toString();
}

/** "api/v1/bookings" with ("b/1", "cancel") → "api/v1/bookings/b%2F1/cancel": every id encoded. */
export function apiPath(base: string, ...parts: string[]): string {
  return [base, ...parts.map(encodeURIComponent)].join('/');
}

function isApiResponse(value: unknown): value is ApiResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'string'
  );
}

export async function request<T>(
  method: Method,
  path: string,
  body?: FormData | Record<string, unknown>,
): Promise<ApiResponse<T>> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  };
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }

  let text: string;
  try {
    const res = await fetch(apiUrl(path), init);
    text = await res.text();
  } catch {
    return { status: 'error', message: NETWORK_ERROR };
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 'error', message: NETWORK_ERROR };
  }
  if (!isApiResponse(parsed)) return { status: 'error', message: NETWORK_ERROR };
  if (parsed.status !== 'success' && !parsed.message) {
    return { ...parsed, message: UNKNOWN_ERROR } as ApiResponse<T>;
  }
  return parsed as ApiResponse<T>;
}

/** The message to show for a failed call. */
export function errorMessage(res: ApiResponse<unknown>): string {
  return res.message || UNKNOWN_ERROR;
}
