import { TourCard } from '../components/tour-card';
import type { PageProps } from '../props';
import { useSession } from '../session';

/** Cards on the first screen: one row of three on a wide screen, one on a phone. */
const FIRST_SCREEN_CARDS = 3;

/**
 * A site with no published tour yet tells visitors that tours are coming, and an admin
 * where to make the first one (issue #22 §6). Ids: #no-tours, #create-first-tour.
 */
function NoToursYet() {
  const { user } = useSession();
  return (
    <div id="no-tours" className="empty-state">
      <p className="empty">Tours are coming soon. Please come back in a little while.</p>
      {user?.role === 'admin' ? (
        <p>
          <a id="create-first-tour" className="btn btn--small" href="/admin/tours/new">
            Create your first tour
          </a>
        </p>
      ) : null}
    </div>
  );
}

export function OverviewPage({ tours, headline, introduction }: PageProps['overview']) {
  return (
    <div className="overview">
      {/* The business's words (/admin/settings), else the plain title. */}
      <h1 className="page-title">{headline || 'All tours'}</h1>
      {introduction
        ? introduction.split(/\n+/).map((para, i) => (
            <p key={i} className="overview__intro">
              {para}
            </p>
          ))
        : null}
      {tours.length === 0 ? (
        <NoToursYet />
      ) : (
        <div className="card-grid">
          {tours.map((tour, i) => (
            <TourCard key={tour.id} tour={tour} eager={i < FIRST_SCREEN_CARDS}>
              <p className="card__price">
                <span className="card__value">{tour.price}</span> per person
              </p>
              <p className="card__rating">
                {tour.ratingsQuantity > 0 ? (
                  <>
                    <span className="card__value">{tour.ratingsAverage}</span> rating ({tour.ratingsQuantity})
                  </>
                ) : (
                  'No reviews yet'
                )}
              </p>
              <a className="btn btn--small" href={`/tour/${encodeURIComponent(tour.slug)}`}>
                Details<span className="visually-hidden"> about {tour.name}</span>
              </a>
            </TourCard>
          ))}
        </div>
      )}
    </div>
  );
}
