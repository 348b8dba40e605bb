import type { ChecklistItem } from '../../props';

/**
 * What a new site still needs before it takes bookings under the operator's name, with
 * what is done (issue #22 §6). Gone once everything is.
 * Ids for browser tests: #launch-checklist, #launch-{key} (each item, data-done).
 */
export function LaunchChecklist({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((item) => item.done).length;
  if (items.length === 0 || done === items.length) return null;
  return (
    <section id="launch-checklist" className="admin-section" aria-labelledby="launch-title">
      <h2 id="launch-title" className="section-title">
        Getting your site ready
      </h2>
      <p className="form__hint">{`${done} of ${items.length} done.`}</p>
      <ul className="launch-checklist">
        {items.map((item) => (
          <li key={item.key} id={`launch-${item.key}`} data-done={item.done} className={item.done ? 'launch-checklist__item launch-checklist__item--done' : 'launch-checklist__item'}>
            <span className="launch-checklist__mark" aria-hidden="true">
              {item.done ? '✓' : '○'}
            </span>
            <span className="visually-hidden">{item.done ? 'Done: ' : 'To do: '}</span>
            {item.url !== '' && !item.done ? <a href={item.url}>{item.label}</a> : <strong>{item.label}</strong>}
            {` — ${item.detail}`}
          </li>
        ))}
      </ul>
      <p className="form__hint">Card payments and email are set when the server starts: see “Running it for real” in the README.</p>
    </section>
  );
}
