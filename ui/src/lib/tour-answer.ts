// Every back-office call answers with the whole tour (docs/admin.md). One place turns that
// answer into an alert and hands the data on, so every section reads the same way.
import { errorMessage, type ApiResponse } from '../api/client';
import type { TourAnswer } from '../api/admin';
import { showAlert } from './alert';
import { raiseFieldErrors } from './field-errors';

/** A success that came without the tour leaves the page's copy stale; say so. */
export const NO_TOUR_MESSAGE = 'The change was made, but the page could not be updated. Please reload it.';

/**
 * Shows the success alert (a fixed text or one made from the answer) or the server's
 * message (with FieldsRefused for a form's fields, see lib/field-errors.ts), and resolves the answer's data only when the call succeeded.
 */
export function settleTourAnswer<T extends TourAnswer>(
  res: ApiResponse<T>,
  success: string | ((data: T) => string),
): T | null {
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    // A form's fields: useSubmit shows each message next to its field.
    raiseFieldErrors(res);
    return null;
  }
  if (!res.data?.tour) {
    showAlert('error', NO_TOUR_MESSAGE);
    return null;
  }
  showAlert('success', typeof success === 'string' ? success : success(res.data));
  return res.data;
}

/**
 * What the tour page hands its sections: run a call, show its alert, take the answered
 * tour as the page's copy (so the next save sends the current `version`), and resolve the
 * answer's data, or null after a failure so the section keeps what was typed.
 */
export type RunTourCall = <T extends TourAnswer>(
  call: Promise<ApiResponse<T>>,
  success: string | ((data: T) => string),
) => Promise<T | null>;
