// /admin: the back office's dashboard (docs/admin.md). Guides see their own departures
// only, and no money (`sales` is null for them).
// Ids for browser tests: #admin-nav, #sales, #sales-bookings, #sales-revenue,
// #sales-refund-due (link to the refund-due bookings), #departures-table (its links
// .departures-table__manifest and .departures-table__check-in), #awaiting-table and
// #owed-table (bookings awaiting payment and refunds owed, each row linking to its booking).
import { AdminNav } from '../components/admin/admin-nav';
import { AdminTable } from '../components/admin/admin-table';
import { DashboardCollect } from '../components/admin/dashboard-collect';
import { StatusBadge } from '../components/status-badge';
import { plural } from '../lib/format';
import type { PageProps } from '../props';

export function AdminDashboardPage({ departures, sales, collect }: PageProps['adminDashboard']) {
  return (
    <div className="admin">
      <AdminNav current="dashboard" />
      <h1 className="page-title">Dashboard</h1>

      {sales ? (
        <section id="sales" className="admin-section" aria-labelledby="sales-title">
          <h2 id="sales-title" className="section-title">
            Sales
          </h2>
          <dl className="admin-figures">
            <div className="admin-figures__item">
              <dt>Bookings, last 30 days</dt>
              <dd id="sales-bookings">{sales.bookings30d}</dd>
            </div>
            <div className="admin-figures__item">
              <dt>Revenue, last 30 days</dt>
              <dd id="sales-revenue">{sales.revenue30d}</dd>
            </div>
            <div className="admin-figures__item">
              <dt>Refund due</dt>
              <dd>
                <a id="sales-refund-due" href="/admin/bookings?status=refund_due">
                  {plural(sales.refundDue, 'booking', 'bookings')}
                </a>
              </dd>
            </div>
          </dl>
        </section>
      ) : null}

      {collect ? <DashboardCollect collect={collect} /> : null}

      <section className="admin-section" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="section-title">
          Upcoming departures
        </h2>
        <AdminTable
          id="departures"
          caption="Upcoming departures, with their manifests"
          columns={['Tour', 'Date', 'Start time', 'Sold', 'Held', 'Left / capacity', 'Sale', 'Check-in']}
          rows={departures}
          rowKey={(d) => `${d.tourId}/${d.date}`}
          row={(d) => (
            <tr>
              <th scope="row">{d.tourName}</th>
              <td>
                <a className="departures-table__manifest" href={d.manifestUrl}>
                  {d.label}
                  <span className="visually-hidden">{`, manifest of ${d.tourName}`}</span>
                </a>
              </td>
              <td>{d.startTimeLabel}</td>
              <td className="admin-table__number">{d.sold}</td>
              <td className="admin-table__number">{d.held}</td>
              <td className="admin-table__number">{`${d.left} / ${d.capacity}`}</td>
              <td>{d.closed ? <StatusBadge status="closed" label="Closed" /> : <StatusBadge status="open" label="Open" />}</td>
              <td>
                <a className="departures-table__check-in" href={d.checkInUrl}>
                  Check-in<span className="visually-hidden">{` for ${d.tourName}, ${d.label}`}</span>
                </a>
              </td>
            </tr>
          )}
          empty="No departures coming up."
        />
      </section>
    </div>
  );
}
