// /admin/tours/{id}/departures/{date}: who is coming on one departure (docs/admin.md).
// Print it, download it as CSV; admins and lead guides record walk-ins and cancel the
// departure while it is still to come. Guides of the tour see it read-only.
// Ids for browser tests: #admin-nav, #manifest-facts, #manifest-travellers,
// #manifest-table, #print-manifest, #manifest-csv, #manifest-check-in; #walk-in (form), #walk-in-email,
// #walk-in-name, #walk-in-participants, #walk-in-payment, #walk-in-submit;
// #cancel-departure (form), #cancel-departure-reason (the internal note),
// #cancel-departure-message, #cancel-departure-preview, #cancel-departure-email,
// #cancel-move-{bookingId}, #cancel-departure-submit, #cancel-departure-dialog(-confirm),
// #cancel-results; #manifest-sale; #manifest-waiting, #waitlist-table.
import { useState } from 'react';
import { AdminNav } from '../components/admin/admin-nav';
import { CancelDepartureForm } from '../components/admin/cancel-departure-form';
import { ManifestTable } from '../components/admin/manifest-table';
import { WaitlistTable } from '../components/admin/waitlist-table';
import { WalkInForm } from '../components/admin/walk-in-form';
import { StatusBadge } from '../components/status-badge';
import type { CancelResult, ManifestRow, PageProps } from '../props';

/** The bookings once a cancellation answered: the moved ones gone, the others as they ended. */
function afterCancel(rows: ManifestRow[], results: CancelResult[]): ManifestRow[] {
  const byId = new Map(results.map((r) => [r.bookingId, r]));
  return rows.flatMap((row) => {
    const r = byId.get(row.bookingId);
    if (!r || !r.ok) return [row];
    if (r.moved) return [];
    return r.message.startsWith('Refunded')
      ? [{ ...row, status: 'refunded' as const, statusLabel: 'Refunded' }]
      : [{ ...row, status: 'cancelled' as const, statusLabel: 'Cancelled' }];
  });
}

export function AdminManifestPage({
  tour,
  departure,
  rows: initialRows,
  travellers: initialTravellers,
  csvUrl,
  checkInUrl,
  canManage,
  waitlist,
  waiting,
  moveTo,
}: PageProps['adminManifest']) {
  // A cancellation answers with each booking's outcome: the page shows it without a reload.
  const [rows, setRows] = useState(initialRows);
  const [travellers, setTravellers] = useState(initialTravellers);
  const [cancelled, setCancelled] = useState(departure.cancelled);
  const status = departure.past ? 'past' : cancelled || departure.closed ? 'closed' : 'open';
  const statusLabel = cancelled ? 'Cancelled' : { open: 'Open', closed: 'Closed', past: 'Past' }[status];
  function onCancelled(results: CancelResult[]) {
    const after = afterCancel(rows, results);
    setRows(after);
    setTravellers(after.filter((row) => row.status === 'paid').reduce((n, row) => n + row.participants, 0));
    setCancelled(true);
  }
  return (
    <div className="admin manifest">
      <AdminNav current="dashboard" exact={false} />
      <p className="admin__back">
        <a href={`/admin/tours/${encodeURIComponent(tour.id)}`}>{tour.name}</a>
      </p>
      <h1 className="page-title">{`${tour.name}: ${departure.label}`}</h1>

      <dl id="manifest-facts" className="admin-facts">
        <div>
          <dt>Start time</dt>
          <dd>{departure.startTimeLabel}</dd>
        </div>
        <div>
          <dt>Meeting point</dt>
          <dd>{departure.meetingPoint === '' ? 'Not set' : departure.meetingPoint}</dd>
        </div>
        <div>
          <dt>Capacity</dt>
          <dd>{departure.capacity}</dd>
        </div>
        <div>
          <dt>Travellers</dt>
          <dd id="manifest-travellers">{travellers}</dd>
        </div>
        <div>
          <dt>Waiting list</dt>
          <dd id="manifest-waiting">{`${waitlist.length} ${waitlist.length === 1 ? 'entry' : 'entries'}, ${waiting} ${waiting === 1 ? 'person' : 'people'}`}</dd>
        </div>
        <div>
          <dt>Sale</dt>
          <dd id="manifest-sale">
            <StatusBadge status={status} label={statusLabel} />
          </dd>
        </div>
      </dl>

      <div className="admin-actions manifest__actions">
        <button id="print-manifest" type="button" className="btn btn--small" onClick={() => window.print()}>
          Print
        </button>
        <a id="manifest-csv" className="btn btn--small btn--outline" href={csvUrl} download>
          Download CSV
        </a>
        <a id="manifest-check-in" className="btn btn--small btn--outline" href={checkInUrl}>
          Check-in
        </a>
      </div>

      <section className="admin-section manifest__list" aria-labelledby="travellers-title">
        <h2 id="travellers-title" className="section-title">
          Bookings
        </h2>
        <ManifestTable rows={rows} />
      </section>

      <section className="admin-section manifest__waitlist" aria-labelledby="waitlist-title">
        <h2 id="waitlist-title" className="section-title">
          Waiting list
        </h2>
        <p className="form__hint">
          Freed seats are held for the first entry whose group fits, for 24 hours (less close to the start); a larger
          group keeps its place and is offered seats as soon as enough are free at once.
        </p>
        <WaitlistTable rows={waitlist} />
      </section>

      {canManage && !departure.past && !departure.cancelled ? (
        <section className="admin-section manifest__manage" aria-label="Manage this departure">
          <div className="admin-columns admin-columns--flush">
            <WalkInForm tourId={tour.id} date={departure.date} />
            <CancelDepartureForm tourId={tour.id} date={departure.date} rows={rows} moveTo={moveTo} onDone={onCancelled} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
