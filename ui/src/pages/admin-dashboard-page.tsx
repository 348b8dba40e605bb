// /admin: the back office's dashboard (docs/admin.md). Guides see their own departures
// only, and no money (`sales` is null for them).
// Ids for browser tests: #admin-nav, #sales, #sales-bookings, #sales-revenue,
// #sales-refund-due (link to the refund-due bookings), #departures-table (its links
// .departures-table__manifest and .departures-table__check-in), #dashboard-calendar,
// #awaiting-table and #owed-table (bookings awaiting payment and refunds owed, each row
// linking to its booking); #launch-checklist (admins, while a new site lacks something).
import { AdminNav } from '../components/admin/admin-nav';
import { AdminTable } from '../components/admin/admin-table';
import { DashboardCollect } from '../components/admin/dashboard-collect';
import { DepartureSeatCells } from '../components/admin/departure-seats';
import { LaunchChecklist } from '../components/admin/launch-checklist';
import { plural } from '../lib/format';
import { newBookingUrl } from '../lib/new-booking-url';
import type { PageProps } from '../props';

export function AdminDashboardPage({ departures, sales, calendarUrl, collect, checklist }: PageProps['adminDashboard']) {
  return (
    <div className="admin">
      <AdminNav current="dashboard" />
      <h1 className="page-title">Dashboard</h1>
      <LaunchChecklist items={checklist} />
      {sales ? (
        <p className="admin-actions">
          <a id="new-booking-link" className="btn btn--small" href={newBookingUrl()}>
            New booking
          </a>
        </p>
      ) : null}

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
        <div className="admin__heading">
          <h2 id="upcoming-title" className="section-title">
            Departures in the next 14 days
          </h2>
          <a id="dashboard-calendar" className="btn btn--small" href={calendarUrl}>
            All departures in the calendar
          </a>
        </div>
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
              <DepartureSeatCells departure={d} />
              <td>
                <a className="departures-table__check-in" href={d.checkInUrl}>
                  Check-in<span className="visually-hidden">{` for ${d.tourName}, ${d.label}`}</span>
                </a>
              </td>
            </tr>
          )}
          empty="No departures in the next 14 days."
        />
      </section>
    </div>
  );
}
