import type { BookingHistoryEntry } from '../../props';

/** What happened to a booking, oldest first, as the server lists it. */
export function BookingHistory({ history }: { history: BookingHistoryEntry[] }) {
  return (
    <section className="admin-section" aria-labelledby="history-title">
      <h2 id="history-title" className="section-title">
        History
      </h2>
      {history.length === 0 ? (
        <p className="empty">Nothing has happened yet.</p>
      ) : (
        <ol id="booking-history" className="admin-history">
          {history.map((entry, i) => (
            // Entries have no id and never move: the position is their identity.
            <li key={i} className="admin-history__item">
              <span className="admin-history__at">{entry.at}</span>
              <span className="admin-history__label">{entry.label}</span>
              <span className="admin-history__actor">{`by ${entry.actor}`}</span>
              {entry.detail !== '' ? <p className="admin-history__detail">{entry.detail}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
