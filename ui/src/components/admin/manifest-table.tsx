import type { ManifestRow } from '../../props';
import { StatusBadge } from '../status-badge';
import { AdminTable } from './admin-table';

/** Who is coming on one departure; the table the print stylesheet keeps. */
export function ManifestTable({ rows }: { rows: ManifestRow[] }) {
  return (
    <AdminTable
      id="manifest"
      className="manifest-table"
      caption="Bookings on this departure"
      columns={['Name', 'Email', 'Participants', 'Status', 'Source', 'Arrival', 'Reference']}
      rows={rows}
      rowKey={(row) => row.bookingId}
      row={(row) => (
        <tr>
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
          <td>
            <code>{row.reference}</code>
          </td>
        </tr>
      )}
      empty="No bookings on this departure yet."
    />
  );
}
