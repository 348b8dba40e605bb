import type { QuestionField } from '../props';

interface QuestionInputProps {
  /** The control's id (its label's for); its help text is `${id}-help`, a "several choices" question's boxes `${id}-{n}`. */
  id: string;
  question: Pick<QuestionField, 'label' | 'help' | 'type' | 'options' | 'required'>;
  value: string;
  onChange: (value: string) => void;
  /** Longest answers the server keeps to a text and a long text question, when the page knows them. */
  maxText?: number;
  maxLongText?: number;
}

/**
 * One of the operator's questions with the control its type takes, its help text and a
 * required mark: the booking panel's and the details form's (/my-tours/{id}). Values are
 * strings as the server keeps them (details.Check): several choices joined by "\n",
 * "yes"/"no", a date as YYYY-MM-DD, a number as typed. The server checks them.
 */
export function QuestionInput({ id, question: q, value, onChange, maxText, maxLongText }: QuestionInputProps) {
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
      <fieldset className="form__group question-choices" id={id} aria-describedby={helpId}>
        <legend className="form__label">{label}</legend>
        {options.map((o, n) => (
          <label key={o} className="checkbox">
            <input
              id={`${id}-${n}`}
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
  const change = (e: { target: { value: string } }) => onChange(e.target.value);
  if (q.type === 'choice') {
    control = (
      <select {...common} className="form__input" value={value} onChange={change}>
        <option value="">Choose…</option>
        {(q.options ?? []).map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  } else if (q.type === 'longtext') {
    control = <textarea {...common} className="form__input" rows={3} maxLength={maxLongText} value={value} onChange={change} />;
  } else {
    const type = { date: 'date', number: 'text', phone: 'tel', text: 'text' }[q.type];
    control = (
      <input
        {...common}
        className="form__input"
        type={type}
        inputMode={q.type === 'number' ? 'decimal' : undefined}
        maxLength={q.type === 'text' ? maxText : undefined}
        value={value}
        onChange={change}
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
