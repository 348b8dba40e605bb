import type { CancelResult } from '../../props';

/** What happened to each booking when a departure was cancelled: ✓ or the refund's failure. */
export function CancelResults({ results }: { results: CancelResult[] }) {
  if (results.length === 0) return <p id="cancel-results" className="admin-note">There were no bookings to cancel.</p>;
  return (
    <ul id="cancel-results" className="cancel-results" aria-label="Cancelled bookings">
      {results.map((result) => (
        <li key={result.bookingId} className={`cancel-results__item cancel-results__item--${result.ok ? 'ok' : 'failed'}`}>
          <span className="cancel-results__mark" aria-hidden="true">
            {result.ok ? '✓' : '✗'}
          </span>
          <span className="visually-hidden">{result.ok ? 'Done: ' : 'Failed: '}</span>
          <a href={`/admin/bookings/${encodeURIComponent(result.bookingId)}`}>{result.customerName}</a>
          {`: ${result.message}`}
        </li>
      ))}
    </ul>
  );
}
