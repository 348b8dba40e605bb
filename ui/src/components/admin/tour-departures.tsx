import { newBookingUrl } from '../../lib/new-booking-url';
import type { RunTourCall } from '../../lib/tour-answer';
import type { AdminTour } from '../../props';
import { AddDepartureForm } from './add-departure-form';
import { AddSeriesForm } from './add-series-form';
import { AdminTable } from './admin-table';
import { DepartureRow } from './departure-row';
import { EditSeriesForm } from './edit-series-form';

export function TourDepartures({ tour, canEdit, run }: { tour: AdminTour; canEdit: boolean; run: RunTourCall }) {
  return (
    <section className="admin-section" aria-labelledby="departures-title">
      <h2 id="departures-title" className="section-title">
        Departures
      </h2>
      {canEdit ? (
        <p className="admin-actions">
          <a id="tour-new-booking" className="btn btn--small" href={newBookingUrl(tour.id)}>
            New booking of this tour
          </a>
        </p>
      ) : null}
      <AdminTable
        id="departures"
        caption="Departures by date, each with its manifest"
        columns={['Date', 'Start time', 'Capacity', 'Taken', 'Seats left', 'Meeting point', { label: 'Own prices', title: 'Blank: the category\'s usual price' }, 'Status', canEdit && 'Actions']}
        rows={tour.departures}
        rowKey={(departure) => departure.date}
        row={(departure) => <DepartureRow tourId={tour.id} departure={departure} categories={tour.priceCategories} canEdit={canEdit} run={run} />}
        empty="No departures yet."
      />
      {canEdit ? (
        <div className="admin-columns">
          <AddDepartureForm tourId={tour.id} groupSize={tour.maxGroupSize} run={run} />
          <AddSeriesForm tourId={tour.id} groupSize={tour.maxGroupSize} run={run} />
          <EditSeriesForm tourId={tour.id} run={run} />
        </div>
      ) : null}
    </section>
  );
}
