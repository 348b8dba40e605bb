import { setTourStatus } from '../../api/admin';
import { tourStatusLabel } from '../../lib/format';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminTour, TourStatus } from '../../props';
import { StatusBadge } from '../status-badge';

interface Transition {
  to: TourStatus;
  label: string;
  done: string;
}

const PUBLISH: Transition = { to: 'published', label: 'Publish', done: 'Tour published' };
const UNPUBLISH: Transition = { to: 'draft', label: 'Unpublish', done: 'Tour unpublished' };
const ARCHIVE: Transition = { to: 'archived', label: 'Archive', done: 'Tour archived' };

/** What may follow each status. An archived tour comes back by being published again. */
const TRANSITIONS: Record<TourStatus, Transition[]> = {
  draft: [PUBLISH, ARCHIVE],
  published: [UNPUBLISH, ARCHIVE],
  archived: [PUBLISH],
};

export function TourStatusPanel({ tour, canEdit, run }: { tour: AdminTour; canEdit: boolean; run: RunTourCall }) {
  const change = useSubmit((transition: Transition) => run(setTourStatus(tour.id, transition.to), transition.done));
  // A refused publication names what the tour still needs, each with where to add it.
  const missing = Object.entries(change.errors);

  return (
    <section className="admin-section admin-status" aria-labelledby="status-title">
      <h2 id="status-title" className="section-title">
        Status
      </h2>
      <p className="admin-status__current">
        <span id="tour-status">
          <StatusBadge status={tour.status} label={tourStatusLabel(tour.status)} />
        </span>
        {tour.status === 'published' ? (
          <a id="public-link" href={tour.publicUrl}>
            View on the site
          </a>
        ) : null}
      </p>
      {missing.length > 0 ? (
        <div id="publish-missing" className="admin-status__missing">
          <p>Before it can be published, this tour needs these:</p>
          <ul>
            {missing.map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {canEdit ? (
        <div className="admin-actions">
          {TRANSITIONS[tour.status].map((transition) => (
            <button
              key={transition.to}
              type="button"
              className="btn btn--small"
              disabled={change.busy}
              onClick={() => void change.run(transition)}
            >
              {transition.label}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
