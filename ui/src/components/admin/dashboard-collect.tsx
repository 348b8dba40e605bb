import type { DashboardCollect as Collect } from '../../props';
import { AdminTable } from './admin-table';

/**
 * The money the operator is to collect or pay back: bookings awaiting payment outside
 * the site, oldest departure first, and refunds owed, each linking to its booking.
 */
export function DashboardCollect({ collect }: { collect: Collect }) {
  return (
    <>
      <section className="admin-section" aria-labelledby="awaiting-title">
        <h2 id="awaiting-title" className="section-title">
          Awaiting payment
        </h2>
        <AdminTable
          id="awaiting"
          caption="Bookings awaiting payment outside the site, by departure"
          columns={['Departure', 'Tour', 'Customer', 'Due', 'To be paid by']}
          rows={collect.awaiting}
          rowKey={(a) => a.bookingId}
          row={(a) => (
            <tr>
              <th scope="row">
                <a href={a.url}>
                  {a.departure}
                  <span className="visually-hidden">{`, booking of ${a.customerName}`}</span>
                </a>
              </th>
              <td>{a.tourName}</td>
              <td>{a.customerName}</td>
              <td className="admin-table__number">{a.due}</td>
              <td>{a.methodLabel}</td>
            </tr>
          )}
          empty="No booking is awaiting payment."
        />
      </section>
      <section className="admin-section" aria-labelledby="owed-title">
        <h2 id="owed-title" className="section-title">
          Refunds owed
        </h2>
        <AdminTable
          id="owed"
          caption="Refunds to pay back outside the site"
          columns={['Since', 'Tour', 'Customer', 'Amount', 'To pay back by']}
          rows={collect.owed}
          rowKey={(o) => `${o.bookingId}/${o.since}/${o.amount}`}
          row={(o) => (
            <tr>
              <th scope="row">
                <a href={o.url}>
                  {o.since}
                  <span className="visually-hidden">{`, booking of ${o.customerName}`}</span>
                </a>
              </th>
              <td>{o.tourName}</td>
              <td>{o.customerName}</td>
              <td className="admin-table__number">{o.amount}</td>
              <td>{o.methodLabel}</td>
            </tr>
          )}
          empty="No refund is owed."
        />
      </section>
    </>
  );
}
