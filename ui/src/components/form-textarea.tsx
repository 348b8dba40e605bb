import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldError, fieldAria } from './field-error';

type FormTextAreaProps = {
  id: string;
  label: string;
  /** Said under the field and read with it ("Kept in the booking's history; never sent") */
  hint?: string;
  /** The server's message about the field after the last call */
  error?: string;
  /** More of the group after the message (a preview button) */
  children?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'>;

/** A labelled text area with its hint and its message under it, as FormField is for an input. */
export function FormTextArea({ id, label, hint, error, children, ...area }: FormTextAreaProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="form__input" {...area} {...fieldAria(id, error, hintId)} />
      {hint ? (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      ) : null}
      <FieldError fieldId={id} message={error} />
      {children}
    </div>
  );
}
