import type { AdminBookingDetail } from '../../props';
import { AdminTable } from './admin-table';

/** What a booking bought: one row per price category, then per extra, with their prices. */
export function BookingBought({ booking }: { booking: AdminBookingDetail }) {
  if (booking.lines.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="bought-title">
      <h2 id="bought-title" className="section-title">
        What was bought
      </h2>
      <p id="booking-seats">{booking.seatsLabel}</p>
      <AdminTable
        id="bought"
        caption="Travellers and extras of this booking"
        columns={['Item', 'Quantity', 'Unit price', 'Amount']}
        rows={booking.lines}
        rowKey={(line) => `${line.extra ? 'extra' : 'category'}:${line.name}`}
        row={(line) => (
          <tr>
            <th scope="row">{line.extra ? `${line.name} (extra)` : line.name}</th>
            <td className="admin-table__number">{line.quantity}</td>
            <td className="admin-table__number">{line.price}</td>
            <td className="admin-table__number">{line.amount}</td>
          </tr>
        )}
      />
    </section>
  );
}
