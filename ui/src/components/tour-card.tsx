import type { ReactNode } from 'react';
import type { TourCard as TourCardData } from '../props';
import { plural, tourKind } from '../lib/format';
import { TOUR_PICTURE_HEIGHT, TOUR_PICTURE_WIDTH } from '../lib/pictures';

/**
 * A tour's picture and key facts; `children` fill the card's footer. The first cards of
 * a page are on the first screen: `eager` loads their picture at once, not lazily.
 */
export function TourCard({ tour, eager = false, children }: { tour: TourCardData; eager?: boolean; children?: ReactNode }) {
  return (
    <article className="card">
      <div className="card__picture">
        <img
          className="card__img"
          src={tour.coverImage}
          srcSet={tour.coverSrcSet || undefined}
          sizes={tour.coverSrcSet ? '(max-width: 700px) 100vw, 400px' : undefined}
          alt=""
          loading={eager ? undefined : 'lazy'}
          width={TOUR_PICTURE_WIDTH}
          height={TOUR_PICTURE_HEIGHT}
        />
      </div>
      <div className="card__body">
        <h2 className="card__title">{tour.name}</h2>
        <p className="card__kind">{tourKind(tour.difficulty, tour.durationDays)}</p>
        <p className="card__summary">{tour.summary}</p>
        <dl className="card__facts">
          <div className="card__fact">
            <dt>Start</dt>
            <dd>{tour.startLocation}</dd>
          </div>
          <div className="card__fact">
            <dt>Next date</dt>
            <dd>{tour.nextDate ?? 'No upcoming dates'}</dd>
          </div>
          <div className="card__fact">
            <dt>Stops</dt>
            <dd>{plural(tour.stops, 'stop', 'stops')}</dd>
          </div>
          <div className="card__fact">
            <dt>Group size</dt>
            <dd>{plural(tour.maxGroupSize, 'person', 'people')}</dd>
          </div>
        </dl>
      </div>
      {children ? <div className="card__footer">{children}</div> : null}
    </article>
  );
}
