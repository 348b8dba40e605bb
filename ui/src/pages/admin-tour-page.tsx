// /admin/tours/new (tour null) and /admin/tours/{id}: one tour in the back office
// (docs/admin.md). Guides see it read-only: disabled fields, no buttons.
//
// The details, the stops and the cancellation policy are one form with one "Save tour"
// (components/admin/tour-form.tsx); pictures, departures and the status are actions of
// their own, each saved at once.
//
// Ids for browser tests:
//   nav      #admin-nav
//   form     #tour-form (details, stops and policy), #save-tour, #tour-form-state
//   details  #tour-name, #tour-slug, #tour-summary, #tour-description,
//            #tour-difficulty, #tour-duration, #tour-group-size, #tour-price, #tour-discount,
//            #tour-currency, #tour-time-zone (#time-zones datalist), #tour-start-description,
//            #tour-start-lng, #tour-start-lat, #tour-guide-{userId}
//   status   #tour-status, #public-link (buttons by name: Publish, Unpublish, Archive)
//   stops    #stop-map (el._tourbookMap is the Leaflet map), #stops-table, #stop-lng-{n},
//            #stop-lat-{n}, #stop-day-{n}, #stop-description-{n} (n from 1), #add-stop
//   policy   #policy-table, #policy-days-{n}, #policy-percent-{n} (n from 1), #add-tier
//   pictures #cover-picture, #cover-picture-submit, #gallery, #gallery-picture,
//            #gallery-picture-submit
//   departures #departures-table, #capacity-{yyyy-mm-dd}; #add-departure (form),
//            #departure-date, #departure-start-time, #departure-capacity,
//            #departure-meeting-point, #add-departure-submit; #add-series (form),
//            #series-from, #series-to, #series-weekday-{0..6}, #series-start-time,
//            #series-capacity, #series-meeting-point, #add-series-submit
import { useCallback, useState } from 'react';
import { AdminNav } from '../components/admin/admin-nav';
import { TourDepartures } from '../components/admin/tour-departures';
import { TourForm } from '../components/admin/tour-form';
import { TourPictures } from '../components/admin/tour-pictures';
import { TourStatusPanel } from '../components/admin/tour-status-panel';
import { settleTourAnswer, type RunTourCall } from '../lib/tour-answer';
import type { PageProps } from '../props';

export function AdminTourPage({ tour: initialTour, guides, timeZones, currencies, canEdit }: PageProps['adminTour']) {
  // The page's copy of the tour: every call answers with the whole tour, which replaces it,
  // so each save sends the current `version`.
  const [tour, setTour] = useState(initialTour);

  const run = useCallback<RunTourCall>(async (call, success) => {
    const data = settleTourAnswer(await call, success);
    // Answers to overlapping calls may arrive out of order: never step back a version.
    if (data) setTour((current) => (current && data.tour.version < current.version ? current : data.tour));
    return data;
  }, []);

  return (
    <div className="admin admin-tour">
      <AdminNav current="tours" exact={false} />
      <p className="admin__back">
        <a href="/admin/tours">All tours</a>
      </p>
      <h1 className="page-title">{tour ? tour.name : 'New tour'}</h1>
      {tour ? <TourStatusPanel tour={tour} canEdit={canEdit} run={run} /> : null}
      <TourForm tour={tour} guides={guides} timeZones={timeZones} currencies={currencies} canEdit={canEdit} run={run} />
      {tour ? (
        <>
          <TourPictures tour={tour} canEdit={canEdit} run={run} />
          <TourDepartures tour={tour} canEdit={canEdit} run={run} />
        </>
      ) : (
        <p className="admin-note">Stops, the cancellation policy, pictures and departures can be added once the tour is created.</p>
      )}
    </div>
  );
}
