import type { ManifestRow } from '../../props';
import { StatusBadge } from '../status-badge';

/** Who is coming on one departure; the table the print stylesheet keeps. */
export function ManifestTable({ rows }: { rows: ManifestRow[] }) {
  if (rows.length === 0) return <p className="empty">No bookings on this departure yet.</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby="manifest-caption" tabIndex={0}>
      <table id="manifest-table" className="admin-table manifest-table">
        <caption id="manifest-caption" className="visually-hidden">
          Bookings on this departure
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Participants</th>
            <th scope="col">Status</th>
            <th scope="col">Source</th>
            <th scope="col">Arrival</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.bookingId}>
              <th scope="row">{row.customerName}</th>
              <td>
                <a href={`mailto:${row.customerEmail}`}>{row.customerEmail}</a>
              </td>
              <td className="admin-table__number">{row.participants}</td>
              <td>
                <StatusBadge status={row.status} label={row.statusLabel} />
              </td>
              <td>{row.sourceLabel}</td>
              <td className="manifest-table__arrival">
                {row.checkIn ? <span title={`Checked in at ${row.checkIn.at} by ${row.checkIn.by}`}>{row.checkIn.label}</span> : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
