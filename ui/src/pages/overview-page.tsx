import { TourCard } from '../components/tour-card';
import type { PageProps } from '../props';

/** Cards on the first screen: one row of three on a wide screen, one on a phone. */
const FIRST_SCREEN_CARDS = 3;

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
        <p className="empty">No tours are on offer right now. Please come back soon.</p>
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
