// The answer of a back-office call that is not about a tour (a booking, a user, a review):
// the alert and the answered object, the same way lib/tour-answer.ts does it for tours.
import { errorMessage, type ApiResponse } from '../api/client';
import { showAlert } from './alert';
import { raiseFieldErrors } from './field-errors';

/** A success that came without the object leaves the page's copy stale; say so. */
export const NOT_UPDATED_MESSAGE = 'The change was made, but the page could not be updated. Please reload it.';

/**
 * Shows the success alert (a fixed text or one made from the answered object) or the
 * server's message, and resolves `data[key]` only when the call succeeded with it, so a
 * form keeps what was typed after a failure.
 */
export function settleAnswer<T, K extends keyof T>(
  res: ApiResponse<T>,
  key: K,
  success: string | ((value: NonNullable<T[K]>) => string),
): NonNullable<T[K]> | null {
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    // A form's fields: useSubmit shows each message next to its field.
    raiseFieldErrors(res);
    return null;
  }
  const value = res.data?.[key];
  if (value === undefined || value === null) {
    showAlert('error', NOT_UPDATED_MESSAGE);
    return null;
  }
  showAlert('success', typeof success === 'string' ? success : success(value));
  return value;
}
