// The fields of an editable table row (the tour form's refund tiers, price categories,
// extras and questions): each in its cell, labelled for screen readers (the column
// heading says it to everyone else), with the server's message under it.
import { FieldError, fieldAria } from '../field-error';

interface RowFieldProps<V extends string = string> {
  id: string;
  /** "Tier 2: refund percent", "Price category 2: name" */
  label: string;
  value: V;
  onChange: (value: V) => void;
  disabled: boolean;
  /** The server's message about this field after the last save */
  error: string | undefined;
}

interface RowInputProps extends RowFieldProps {
  /** A whole number with these bounds (the browser's spinner); else text, for the server to read */
  number?: { min: number; max: number };
  inputMode?: 'numeric' | 'decimal';
  /** "short" for numbers, "wide" for names */
  size?: 'short' | 'wide';
  placeholder?: string;
}

function inputClass(size: RowInputProps['size']): string {
  return size ? `form__input admin-table__input admin-table__input--${size}` : 'form__input admin-table__input';
}

function RowLabel({ id, label }: { id: string; label: string }) {
  return (
    <label className="visually-hidden" htmlFor={id}>
      {label}
    </label>
  );
}

export function RowInput({ id, label, value, onChange, disabled, error, number, inputMode, size, placeholder }: RowInputProps) {
  return (
    <td>
      <RowLabel id={id} label={label} />
      <input
        id={id}
        className={number ? 'form__input' : inputClass(size)}
        {...(number ? { type: 'number', min: number.min, max: number.max, step: 1, inputMode: 'numeric' as const } : { type: 'text', inputMode })}
        disabled={disabled}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(id, error)}
      />
      <FieldError fieldId={id} message={error} />
    </td>
  );
}

interface RowSelectProps<V extends string> extends RowFieldProps<V> {
  options: { value: V; label: string }[];
}

export function RowSelect<V extends string>({ id, label, value, onChange, disabled, error, options }: RowSelectProps<V>) {
  return (
    <td>
      <RowLabel id={id} label={label} />
      <select
        id={id}
        className="form__input admin-table__input"
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        {...fieldAria(id, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError fieldId={id} message={error} />
    </td>
  );
}

export function RowCheckbox({ id, label, checked, onChange, disabled }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; disabled: boolean }) {
  return (
    <td>
      <label className="checkbox">
        <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
        <span className="visually-hidden">{label}</span>
      </label>
    </td>
  );
}
