// /admin/tours/{id}/departures/{date}: who is coming on one departure (docs/admin.md).
// Print it, download it as CSV; admins and lead guides record walk-ins and cancel the
// departure while it is still to come. Guides of the tour see it read-only.
// Ids for browser tests: #admin-nav, #manifest-facts, #manifest-travellers,
// #manifest-table, #manifest-apart-table, #manifest-bookings, #manifest-checked-in,
// #manifest-guides, #print-manifest, #manifest-csv, #manifest-check-in; #walk-in (form), #walk-in-email,
// #walk-in-name, #walk-in-participants, #walk-in-payment, #walk-in-submit;
// #cancel-departure (form), #cancel-departure-reason (the internal note),
// #cancel-departure-message, #cancel-departure-preview, #cancel-departure-email,
// #cancel-move-{bookingId}, #cancel-departure-submit, #cancel-departure-dialog(-confirm),
// #cancel-results; #manifest-sale; #manifest-waiting, #waitlist-table; #manifest-brand (the
// business's name, on paper only: the header is not printed).
import { useState } from 'react';
import { AdminNav } from '../components/admin/admin-nav';
import { CancelDepartureForm } from '../components/admin/cancel-departure-form';
import { ManifestTable } from '../components/admin/manifest-table';
import { WaitlistTable } from '../components/admin/waitlist-table';
import { StatusBadge } from '../components/status-badge';
import { newBookingUrl } from '../lib/new-booking-url';
import type { CancelResult, ManifestRow, PageProps } from '../props';
import { useSession } from '../session';

/**
 * The bookings once a departure's cancellation answered: the moved ones gone, the
 * refunded and cancelled ones apart, as the page would show them after a reload.
 */
function afterCancel(rows: ManifestRow[], apart: ManifestRow[], results: CancelResult[]): [ManifestRow[], ManifestRow[]] {
  const byId = new Map(results.map((r) => [r.bookingId, r]));
  const coming: ManifestRow[] = [];
  const gone = apart.filter((a) => a.status !== 'refund_due');
  for (const row of [...rows, ...apart.filter((a) => a.status === 'refund_due')]) {
    const r = byId.get(row.bookingId);
    if (!r || !r.ok) {
      // As it was: a refund-due booking whose refund failed stays apart.
      (row.status === 'refund_due' ? gone : coming).push(row);
    } else if (!r.moved) {
      gone.push(
        r.message.startsWith('Refunded')
          ? { ...row, status: 'refunded' as const, statusLabel: 'Refunded' }
          : { ...row, status: 'cancelled' as const, statusLabel: 'Cancelled' },
      );
    }
  }
  return [coming, gone];
}

/** Who is coming by category, as the server writes it: "2 Adult · 1 Child · 1 Infant". */
function categoryCounts(rows: ManifestRow[]): string {
  const counts = new Map<string, number>();
  for (const row of rows) for (const t of row.travellers) counts.set(t.category, (counts.get(t.category) ?? 0) + 1);
  return [...counts].map(([name, n]) => `${n} ${name}`).join(' · ');
}

export function AdminManifestPage({
  tour,
  departure,
  rows: initialRows,
  apart: initialApart,
  guides,
  checkedIn,
  csvUrl,
  checkInUrl,
  canManage,
  waitlist,
  waiting,
  moveTo,
  categories,
}: PageProps['adminManifest']) {
  const { site } = useSession();
  // A cancellation answers with each booking's outcome: the page shows it without a reload.
  const [[rows, apart], setLists] = useState<[ManifestRow[], ManifestRow[]]>([initialRows, initialApart]);
  const [cancelled, setCancelled] = useState(departure.cancelled);
  const bookings = rows.length;
  const travellers = rows.reduce((n, row) => n + row.participants, 0);
  // Counted by the server; again here once a cancellation changed the rows.
  const byCategory = rows === initialRows ? categories : categoryCounts(rows);
  const status = cancelled ? 'cancelled' : departure.past ? 'past' : departure.closed ? 'closed' : 'open';
  function onCancelled(results: CancelResult[]) {
    setLists(afterCancel(rows, apart, results));
    setCancelled(true);
  }
  return (
    <div className="admin manifest">
      <p id="manifest-brand" className="manifest__brand">
        {site.name}
      </p>
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
          <dt>Guides</dt>
          <dd id="manifest-guides">{guides.length === 0 ? 'None assigned' : guides.join(', ')}</dd>
        </div>
        <div>
          <dt>Bookings</dt>
          <dd id="manifest-bookings">{bookings}</dd>
        </div>
        <div>
          <dt>Travellers</dt>
          <dd id="manifest-travellers">{travellers}</dd>
        </div>
        {byCategory !== '' ? (
          <div>
            <dt>By category</dt>
            <dd id="manifest-categories">{byCategory}</dd>
          </div>
        ) : null}
        <div>
          <dt>Checked in</dt>
          <dd id="manifest-checked-in">{`${checkedIn} of ${travellers}`}</dd>
        </div>
        <div>
          <dt>Waiting list</dt>
          <dd id="manifest-waiting">{`${waitlist.length} ${waitlist.length === 1 ? 'entry' : 'entries'}, ${waiting} ${waiting === 1 ? 'person' : 'people'}`}</dd>
        </div>
        <div>
          <dt>Sale</dt>
          <dd id="manifest-sale">
            <StatusBadge status={status} label={{ open: 'Open', closed: 'Closed', cancelled: 'Cancelled', past: 'Past' }[status]} />
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
          Travellers coming
        </h2>
        <ManifestTable rows={rows} />
      </section>

      {apart.length > 0 ? (
        <section className="admin-section manifest__apart" aria-labelledby="apart-title">
          <h2 id="apart-title" className="section-title">
            Cancelled and refunded
          </h2>
          <p className="form__hint">These bookings are not coming and are not counted above.</p>
          <ManifestTable rows={apart} apart />
        </section>
      ) : null}

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
            <div id="walk-in" className="admin-form admin-form--compact">
              <h2 className="section-title">New booking</h2>
              <p className="form__hint">Book travellers on this departure: paid in cash or by transfer, or to pay later.</p>
              <a id="new-booking-link" className="btn btn--small" href={newBookingUrl(tour.id, departure.date)}>
                New booking on this departure
              </a>
            </div>
            {/* A cancellation cancels the refund-due bookings too (listed apart). */}
            <CancelDepartureForm
              tourId={tour.id}
              date={departure.date}
              rows={[...rows, ...apart.filter((row) => row.status === 'refund_due')]}
              moveTo={moveTo}
              onDone={onCancelled}
            />
          </div>
        </section>
      ) : null}
    </div>
  );
}
