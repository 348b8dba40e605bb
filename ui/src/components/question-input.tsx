import type { InputHTMLAttributes } from 'react';
import type { QuestionField } from '../props';

type ControlProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'placeholder' | 'maxLength'>;

interface QuestionInputProps extends ControlProps {
  /** The control's id (its label's for); its help text is `${id}-help`, a "several choices" question's boxes `${id}-{n}`. */
  id: string;
  question: Pick<QuestionField, 'label' | 'type' | 'required'> & Partial<Pick<QuestionField, 'help' | 'options'>>;
  value: string;
  onChange: (value: string) => void;
  // maxLength: the longest answer the server keeps, when the page knows it (a text or
  // long text question's); autoComplete and placeholder: a traveller's own name and phone.
}

/**
 * One of the operator's questions with the control its type takes, its help text and a
 * required mark: the booking panel's and the details form's (/my-tours/{id}). Values are
 * strings as the server keeps them (details.Check): several choices joined by "\n",
 * "yes"/"no", a date as YYYY-MM-DD, a number as typed. The server checks them.
 *
 * Kept small: it is part of the tour page's JavaScript (scripts/js-budget.mjs).
 */
export function QuestionInput({ id, question: q, value, onChange, ...input }: QuestionInputProps) {
  const helpId = q.help ? `${id}-help` : undefined;
  const yesno = q.type === 'yesno';
  // Several choices and yes/no are boxes in a fieldset, the rest one control with a label.
  const boxes = yesno || q.type === 'choices';
  const chosen = value === '' ? [] : value.split('\n');
  const options = yesno ? ['yes', 'no'] : (q.options ?? []);
  const control = {
    id,
    className: 'form__input',
    value,
    'aria-describedby': helpId,
    'aria-required': q.required || undefined,
    ...input,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  const Group = boxes ? 'fieldset' : 'div';
  const Label = boxes ? 'legend' : 'label';
  return (
    <Group className={boxes ? 'form__group question-choices' : 'form__group'} id={boxes ? id : undefined} aria-describedby={boxes ? helpId : undefined}>
      <Label className="form__label" htmlFor={boxes ? undefined : id}>
        {q.label}
        {q.required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      {boxes ? (
        options.map((o, n) => (
          <label key={o} className="checkbox">
            <input
              id={`${id}-${n}`}
              type={yesno ? 'radio' : 'checkbox'}
              name={id}
              checked={chosen.includes(o)}
              onChange={(e) => onChange(yesno ? o : options.filter((x) => (x === o ? e.target.checked : chosen.includes(x))).join('\n'))}
            />
            <span>{yesno ? (o === 'yes' ? 'Yes' : 'No') : o}</span>
          </label>
        ))
      ) : q.type === 'choice' ? (
        <select {...control}>
          <option value="">Choose…</option>
          {options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      ) : q.type === 'longtext' ? (
        <textarea {...control} rows={3} />
      ) : (
        <input
          {...control}
          type={q.type === 'date' ? 'date' : q.type === 'phone' ? 'tel' : 'text'}
          inputMode={q.type === 'number' ? 'decimal' : undefined}
        />
      )}
      {q.help ? (
        <p className="form__hint" id={helpId}>
          {q.help}
        </p>
      ) : null}
    </Group>
  );
}
