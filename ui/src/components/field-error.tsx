// A field's message from the server (lib/field-errors.ts), under the field and tied to
// it: screen readers read it with the field, which is marked invalid.

/** The id of the message of the field with this id. */
export function errorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/** The message under the field `fieldId`; nothing when there is none. */
export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(fieldId)} className="form__error">
      {message}
    </p>
  );
}

/**
 * A field's aria attributes: invalid while it has a message, described by its hint (if
 * any) and its message.
 */
export function fieldAria(fieldId: string, message: string | undefined, hintId?: string) {
  const describedBy = [hintId, message ? errorId(fieldId) : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
}
