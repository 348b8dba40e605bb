import type { InputHTMLAttributes } from 'react';

type FormFieldProps = { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input: every field on the site has a visible label tied to it. */
export function FormField({ id, label, className, ...input }: FormFieldProps) {
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={className ? `form__input ${className}` : 'form__input'} {...input} />
    </div>
  );
}
