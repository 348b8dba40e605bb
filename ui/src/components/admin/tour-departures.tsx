import type { RunTourCall } from '../../lib/tour-answer';
import type { AdminTour } from '../../props';
import { AddDepartureForm } from './add-departure-form';
import { AddSeriesForm } from './add-series-form';
import { DepartureRow } from './departure-row';

export function TourDepartures({ tour, canEdit, run }: { tour: AdminTour; canEdit: boolean; run: RunTourCall }) {
  return (
    <section className="admin-section" aria-labelledby="departures-title">
      <h2 id="departures-title" className="section-title">
        Departures
      </h2>
      {tour.departures.length === 0 ? (
        <p className="empty">No departures yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="departures-caption" tabIndex={0}>
          <table id="departures-table" className="admin-table">
            <caption id="departures-caption" className="visually-hidden">
              Departures by date
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Start time</th>
                <th scope="col">Capacity</th>
                <th scope="col">Taken</th>
                <th scope="col">Seats left</th>
                <th scope="col">Meeting point</th>
                <th scope="col">Status</th>
                {canEdit ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {tour.departures.map((departure) => (
                <DepartureRow key={departure.date} tourId={tour.id} departure={departure} canEdit={canEdit} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canEdit ? (
        <div className="admin-columns">
          <AddDepartureForm tourId={tour.id} groupSize={tour.maxGroupSize} run={run} />
          <AddSeriesForm tourId={tour.id} groupSize={tour.maxGroupSize} run={run} />
        </div>
      ) : null}
    </section>
  );
}
