import type { DetailsQuestion } from '../props';
import { FieldError } from './field-error';
import { FormField } from './form-field';
import { FormTextArea } from './form-textarea';

interface QuestionFieldProps {
  /** The field's id; a "several choices" question's boxes are `${id}-{n}` */
  id: string;
  question: DetailsQuestion;
  /** The label as shown: the question's, with whom it asks ("Dietary needs, Ann (Adult)") */
  label: string;
  /** The answer as the server keeps it (several choices on lines of their own) */
  value: string;
  onChange: (value: string) => void;
  maxText: number;
  maxLongText: number;
  error?: string;
}

/**
 * One of the operator's questions as a form field of its type. The value is what the
 * server takes (details.Check): a choice's option, "yes"/"no", YYYY-MM-DD, a decimal.
 */
export function QuestionField({ id, question: q, label, value, onChange, maxText, maxLongText, error }: QuestionFieldProps) {
  const shown = q.required ? `${label} (required)` : label;
  const hintId = q.help ? `${id}-help` : undefined;
  const help = q.help ? (
    <p id={hintId} className="form__hint">
      {q.help}
    </p>
  ) : null;
  switch (q.type) {
    case 'longtext':
      return <FormTextArea id={id} label={shown} hint={q.help || undefined} value={value} maxLength={maxLongText} rows={3} error={error} onChange={(e) => onChange(e.target.value)} />;
    case 'choice':
    case 'yesno': {
      const options = q.type === 'yesno' ? [['yes', 'Yes'], ['no', 'No']] : q.options.map((o) => [o, o]);
      return (
        <div className="form__group">
          <label className="form__label" htmlFor={id}>
            {shown}
          </label>
          <select id={id} className="form__input" value={value} aria-describedby={hintId} onChange={(e) => onChange(e.target.value)}>
            <option value="">Choose…</option>
            {options.map(([v, text]) => (
              <option key={v} value={v}>
                {text}
              </option>
            ))}
          </select>
          {help}
          <FieldError fieldId={id} message={error} />
        </div>
      );
    }
    case 'choices': {
      const chosen = new Set(value === '' ? [] : value.split('\n'));
      const toggle = (option: string, on: boolean) => {
        if (on) chosen.add(option);
        else chosen.delete(option);
        onChange(q.options.filter((o) => chosen.has(o)).join('\n'));
      };
      return (
        <fieldset id={id} className="form__group question-field__choices" aria-describedby={hintId}>
          <legend className="form__label">{shown}</legend>
          {q.options.map((option, n) => (
            <label key={option} className="checkbox">
              <input id={`${id}-${n}`} type="checkbox" checked={chosen.has(option)} onChange={(e) => toggle(option, e.target.checked)} /> {option}
            </label>
          ))}
          {help}
          <FieldError fieldId={id} message={error} />
        </fieldset>
      );
    }
    default: {
      const kind = q.type === 'date' ? 'date' : q.type === 'phone' ? 'tel' : 'text';
      return (
        <>
          <FormField
            id={id}
            label={shown}
            type={kind}
            inputMode={q.type === 'number' ? 'decimal' : undefined}
            maxLength={q.type === 'text' ? maxText : undefined}
            value={value}
            aria-describedby={hintId}
            error={error}
            onChange={(e) => onChange(e.target.value)}
          />
          {help}
        </>
      );
    }
  }
}
