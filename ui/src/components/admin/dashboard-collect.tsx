import type { DashboardCollect as Collect } from '../../props';
import { AdminTable } from './admin-table';

type Due = Collect['awaiting'][number];

/** A booking with money due, linking to its page. */
function dueRow(a: Due) {
  return (
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
  );
}

/**
 * The money the operator is to collect or pay back: bookings awaiting payment outside
 * the site, oldest departure first, refunds owed, and balances overdue (issue #24 §3),
 * each linking to its booking.
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
          row={dueRow}
          empty="No booking is awaiting payment."
        />
      </section>
      {collect.overdue.length > 0 ? (
        <section className="admin-section" aria-labelledby="overdue-title">
          <h2 id="overdue-title" className="section-title">
            Balance overdue
          </h2>
          <AdminTable
            id="overdue"
            caption="Bookings paid by a deposit whose balance was not paid by its due day"
            columns={['Departure', 'Tour', 'Customer', 'Balance', 'Due']}
            rows={collect.overdue}
            rowKey={(a) => a.bookingId}
            row={dueRow}
            empty="No balance is overdue."
          />
        </section>
      ) : null}
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
