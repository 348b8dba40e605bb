import type { DashboardDeparture } from '../../props';
import { StatusBadge } from '../status-badge';

/** A departure's state as a pill: Open, Full, Closed (for sale) or Cancelled. */
export function DepartureStatus({ departure }: { departure: DashboardDeparture }) {
  return <StatusBadge status={departure.status} label={departure.statusLabel} />;
}

/** "16 sold · 2 held · 7 left of 25" */
export function seatsSummary(d: DashboardDeparture): string {
  return `${d.sold} sold · ${d.held} held · ${d.left} left of ${d.capacity}`;
}
