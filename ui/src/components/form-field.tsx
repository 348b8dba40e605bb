import type { InputHTMLAttributes } from 'react';
import { FieldError, fieldAria } from './field-error';

type FormFieldProps = { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input: every field on the site has a visible label tied to it, and its message under it. */
export function FormField({ id, label, className, error, ...input }: FormFieldProps) {
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={className ? `form__input ${className}` : 'form__input'} {...input} {...fieldAria(id, error, input['aria-describedby'])} />
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
