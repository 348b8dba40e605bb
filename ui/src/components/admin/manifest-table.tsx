import type { ManifestRow } from '../../props';
import { PhoneLink } from '../phone-link';
import { StatusBadge } from '../status-badge';
import { AdminTable } from './admin-table';

/**
 * Who is on one departure; the table the print stylesheet keeps. The travellers who are
 * coming get a tick box for a paper list; the bookings apart (cancelled, refunded) are
 * struck through.
 */
export function ManifestTable({ rows, apart = false }: { rows: ManifestRow[]; apart?: boolean }) {
  return (
    <AdminTable
      id={apart ? 'manifest-apart' : 'manifest'}
      className={apart ? 'manifest-table manifest-table--apart' : 'manifest-table'}
      caption={apart ? 'Cancelled and refunded bookings, not counted' : 'Travellers coming on this departure'}
      columns={[
        !apart && { label: '✓', title: 'Tick on paper' },
        'Name',
        'Phone',
        'Email',
        'Participants',
        'Status',
        'Source',
        !apart && 'Arrival',
        'Notes',
        'Reference',
      ]}
      rows={rows}
      rowKey={(row) => row.bookingId}
      row={(row) => (
        <tr className={apart ? 'manifest-table__gone' : undefined}>
          {apart ? null : (
            <td className="manifest-table__tick">
              <span className="manifest-table__box" aria-hidden="true" />
            </td>
          )}
          <th scope="row">{apart ? <s>{row.customerName}</s> : row.customerName}</th>
          <td>{row.phone === '' ? '—' : <PhoneLink phone={row.phone} />}</td>
          <td>
            <a href={`mailto:${row.customerEmail}`}>{row.customerEmail}</a>
          </td>
          <td className="admin-table__number">{apart ? <s>{row.participants}</s> : row.participants}</td>
          <td>
            <StatusBadge status={row.status} label={row.statusLabel} />
          </td>
          <td>{row.sourceLabel}</td>
          {apart ? null : (
            <td className="manifest-table__arrival">
              {row.checkIn ? <span title={`Checked in at ${row.checkIn.at} by ${row.checkIn.by}`}>{row.checkIn.label}</span> : '—'}
            </td>
          )}
          <td className="manifest-table__notes">{row.notes}</td>
          <td>
            <code>{row.reference}</code>
          </td>
        </tr>
      )}
      empty={apart ? undefined : 'No bookings on this departure yet.'}
    />
  );
}
