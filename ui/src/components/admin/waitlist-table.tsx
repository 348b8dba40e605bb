import type { ManifestWaitlistRow } from '../../props';
import { AdminTable } from './admin-table';

const PASSED_OVER = { label: 'Passed over', title: 'Times smaller groups behind were offered seats this group did not fit' };

/** A departure's waiting list in joining order, for operators. */
export function WaitlistTable({ rows }: { rows: ManifestWaitlistRow[] }) {
  return (
    <AdminTable
      id="waitlist"
      caption="Waiting list of this departure, first to join first"
      columns={['#', 'Name', 'Email', 'Participants', 'Status', 'Joined', PASSED_OVER]}
      rows={rows}
      rowKey={(row) => row.id}
      row={(row, i) => (
        <tr>
          <td className="admin-table__number">{i + 1}</td>
          <th scope="row">{row.customerName}</th>
          <td>
            <a href={`mailto:${row.customerEmail}`}>{row.customerEmail}</a>
          </td>
          <td className="admin-table__number">{row.participants}</td>
          <td>{row.statusLabel}</td>
          <td>{row.joined}</td>
          <td className="admin-table__number">{row.passes}</td>
        </tr>
      )}
      empty="Nobody is waiting for this departure."
    />
  );
}
