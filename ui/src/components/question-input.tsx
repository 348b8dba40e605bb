import type { QuestionField } from '../props';

interface QuestionInputProps {
  /** The control's id (its label's for); its help text is `${id}-help`. */
  id: string;
  question: QuestionField;
  value: string;
  onChange: (value: string) => void;
}

/**
 * One of the operator's questions with the control its type takes, its help text and a
 * required mark. Values are strings as the server keeps them: several choices joined by
 * "\n", "yes"/"no", a date as YYYY-MM-DD, a number as typed. The server checks them.
 */
export function QuestionInput({ id, question: q, value, onChange }: QuestionInputProps) {
  const helpId = q.help ? `${id}-help` : undefined;
  const common = { id, 'aria-describedby': helpId, 'aria-required': q.required || undefined };
  const help = q.help ? (
    <p className="form__hint" id={helpId}>
      {q.help}
    </p>
  ) : null;
  const label = (
    <>
      {q.label}
      {q.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  let control;
  if (q.type === 'choices' || q.type === 'yesno') {
    const chosen = value === '' ? [] : value.split('\n');
    const options = q.type === 'yesno' ? ['yes', 'no'] : (q.options ?? []);
    return (
      <fieldset className="form__group booking__choices" id={id} aria-describedby={helpId}>
        <legend className="form__label">{label}</legend>
        {options.map((o) => (
          <label key={o} className="checkbox">
            <input
              type={q.type === 'yesno' ? 'radio' : 'checkbox'}
              name={id}
              checked={chosen.includes(o)}
              onChange={(e) =>
                onChange(q.type === 'yesno' ? o : options.filter((x) => (x === o ? e.target.checked : chosen.includes(x))).join('\n'))
              }
            />
            <span>{q.type === 'yesno' ? (o === 'yes' ? 'Yes' : 'No') : o}</span>
          </label>
        ))}
        {help}
      </fieldset>
    );
  }
  if (q.type === 'choice') {
    control = (
      <select {...common} className="form__input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {(q.options ?? []).map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  } else if (q.type === 'longtext') {
    control = <textarea {...common} className="form__input" rows={3} value={value} onChange={(e) => onChange(e.target.value)} />;
  } else {
    const type = { date: 'date', number: 'text', phone: 'tel', text: 'text' }[q.type];
    control = (
      <input
        {...common}
        className="form__input"
        type={type}
        inputMode={q.type === 'number' ? 'decimal' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      {control}
      {help}
    </div>
  );
}
