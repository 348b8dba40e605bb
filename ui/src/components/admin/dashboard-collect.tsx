import type { DashboardCollect as Collect } from '../../props';
import { AdminTable } from './admin-table';

type Due = Collect['awaiting'][number];

interface DueSectionProps {
  id: string;
  title: string;
  caption: string;
  columns: string[];
  rows: Due[];
  empty: string;
}

/** A table of bookings with money due, each linking to its page. */
function DueSection({ id, title, caption, columns, rows, empty }: DueSectionProps) {
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {title}
      </h2>
      <AdminTable id={id} caption={caption} columns={columns} rows={rows} rowKey={(a) => a.bookingId} row={dueRow} empty={empty} />
    </section>
  );
}

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
      <DueSection
        id="awaiting"
        title="Awaiting payment"
        caption="Bookings awaiting payment outside the site, by departure"
        columns={['Departure', 'Tour', 'Customer', 'Due', 'To be paid by']}
        rows={collect.awaiting}
        empty="No booking is awaiting payment."
      />
      {collect.overdue.length > 0 ? (
        <DueSection
          id="overdue"
          title="Balance overdue"
          caption="Bookings paid by a deposit whose balance was not paid by its due day"
          columns={['Departure', 'Tour', 'Customer', 'Balance', 'Due']}
          rows={collect.overdue}
          empty="No balance is overdue."
        />
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
