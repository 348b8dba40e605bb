// 0 is Sunday, as the API counts.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface WeekdayChoiceProps {
  /** ids are `${prefix}-weekday-${day}` */
  prefix: string;
  value: number[];
  onChange: (days: number[]) => void;
}

/** "On these days": the weekdays of a series, as checkboxes. */
export function WeekdayChoice({ prefix, value, onChange }: WeekdayChoiceProps) {
  function toggle(day: number, checked: boolean) {
    onChange(checked ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day));
  }
  return (
    <fieldset className="admin-form__group">
      <legend className="form__label">On these days</legend>
      <ul className="checkbox-list checkbox-list--inline">
        {WEEKDAYS.map((name, day) => (
          <li key={name}>
            <label className="checkbox">
              <input
                id={`${prefix}-weekday-${day}`}
                type="checkbox"
                name="weekdays"
                value={day}
                checked={value.includes(day)}
                onChange={(e) => toggle(day, e.target.checked)}
              />
              <span>{name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
