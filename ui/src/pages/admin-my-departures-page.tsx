// /admin for guides and lead guides: their departures today and next, made for a phone
// (docs/admin.md). Ids for browser tests: #admin-nav, #my-departures (the list; each
// departure .my-departure with data-date, its .my-departure__check-in and
// .my-departure__manifest links), #my-calendar, #my-dashboard.
import { AdminNav } from '../components/admin/admin-nav';
import { DepartureStatus } from '../components/admin/departure-seats';
import type { PageProps } from '../props';

export function AdminMyDeparturesPage({ departures, dashboardUrl, calendarUrl }: PageProps['adminMyDepartures']) {
  return (
    <div className="admin">
      <AdminNav current="mine" />
      <h1 className="page-title">My departures today and next</h1>
      {departures.length === 0 ? (
        <p className="empty">You have no departures in the next 30 days.</p>
      ) : (
        <ol id="my-departures" className="my-departures">
          {departures.map((d) => (
            <li key={`${d.tourId}/${d.date}`} className={d.today ? 'my-departure my-departure--today' : 'my-departure'} data-date={d.date}>
              <h2 className="my-departure__title">
                {d.today ? <span className="my-departure__today">Today</span> : null}
                <span className="my-departure__date">{d.label}</span>
                <span className="my-departure__tour">{d.tourName}</span>
              </h2>
              <dl className="my-departure__facts">
                <div>
                  <dt>Starts</dt>
                  <dd>{d.startTimeLabel}</dd>
                </div>
                <div>
                  <dt>Meeting point</dt>
                  <dd>{d.meetingPoint || 'Not set: see the tour'}</dd>
                </div>
                <div>
                  <dt>Booked</dt>
                  <dd className="my-departure__booked">{d.sold === 1 ? '1 traveller' : `${d.sold} travellers`}</dd>
                </div>
                <div>
                  <dt>Checked in</dt>
                  <dd className="my-departure__checked-in">{`${d.checkedIn} of ${d.sold}`}</dd>
                </div>
                {d.status !== 'open' && d.status !== 'full' ? (
                  <div>
                    <dt>Status</dt>
                    <dd>
                      <DepartureStatus departure={d} />
                    </dd>
                  </div>
                ) : null}
              </dl>
              <div className="my-departure__actions">
                {d.status === 'cancelled' ? null : (
                  <a className={d.today ? 'btn btn--primary my-departure__check-in' : 'btn my-departure__check-in'} href={d.checkInUrl}>
                    Check in{' '}
                    <span className="visually-hidden">{`travellers of ${d.tourName}, ${d.label}`}</span>
                  </a>
                )}
                <a className="btn my-departure__manifest" href={d.manifestUrl}>
                  Manifest{' '}
                  <span className="visually-hidden">{`of ${d.tourName}, ${d.label}`}</span>
                </a>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="my-departures__more">
        <a id="my-calendar" href={calendarUrl}>
          All departures in the calendar
        </a>
        {dashboardUrl ? (
          <>
            {' · '}
            <a id="my-dashboard" href={dashboardUrl}>
              Dashboard
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}
