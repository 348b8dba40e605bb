import type { DashboardDeparture } from '../../props';
import { StatusBadge } from '../status-badge';

/** A departure's state as a pill: Open, Full, Closed (for sale) or Cancelled. */
export function DepartureStatus({ departure }: { departure: DashboardDeparture }) {
  return <StatusBadge status={departure.status} label={departure.statusLabel} />;
}

/** The cells "Sold", "Held", "Left / capacity" and "Status" of a departure's row. */
export function DepartureSeatCells({ departure: d }: { departure: DashboardDeparture }) {
  return (
    <>
      <td className="admin-table__number">{d.sold}</td>
      <td className="admin-table__number">{d.held}</td>
      <td className="admin-table__number">{`${d.left} / ${d.capacity}`}</td>
      <td>
        <DepartureStatus departure={d} />
      </td>
    </>
  );
}
