// A form's failure field by field (the API's `fields`): the settle functions
// (lib/answer.ts, lib/tour-answer.ts) show the summing-up alert and then raise
// FieldsRefused, which useSubmit catches and keeps, so each form shows every message next
// to its field without passing the answer around.
import type { ApiResponse } from '../api/client';

/** Each field's message by its key ("price", "locations.0.day"). */
export type FieldErrors = Record<string, string>;

export class FieldsRefused extends Error {
  constructor(readonly fields: FieldErrors) {
    super('The form has fields to correct');
    this.name = 'FieldsRefused';
  }
}

/** Raises FieldsRefused when a failed answer names fields; call after its alert is shown. */
export function raiseFieldErrors(res: ApiResponse<unknown>): void {
  if (res.status !== 'success' && res.fields && Object.keys(res.fields).length > 0) {
    throw new FieldsRefused(res.fields);
  }
}
