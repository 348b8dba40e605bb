import type { ManifestWaitlistRow } from '../../props';

/** A departure's waiting list in joining order, for operators. */
export function WaitlistTable({ rows }: { rows: ManifestWaitlistRow[] }) {
  if (rows.length === 0) return <p className="empty">Nobody is waiting for this departure.</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby="waitlist-caption" tabIndex={0}>
      <table id="waitlist-table" className="admin-table">
        <caption id="waitlist-caption" className="visually-hidden">
          Waiting list of this departure, first to join first
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Participants</th>
            <th scope="col">Status</th>
            <th scope="col">Joined</th>
            <th scope="col" title="Times smaller groups behind were offered seats this group did not fit">
              Passed over
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.id}>
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
