import { useState } from 'react';
import { BookingPanel } from '../components/booking-panel';
import { CancellationPolicy } from '../components/cancellation-policy';
import { WaitlistPanel } from '../components/waitlist-panel';
import { TourMap } from '../components/tour-map';
import { TourReviews } from '../components/tour-reviews';
import { UserPhoto } from '../components/user-photo';
import type { PageProps, StartDateOption } from '../props';
import { difficultyLabel, plural } from '../lib/format';
import { TOUR_PICTURE_HEIGHT, TOUR_PICTURE_WIDTH } from '../lib/pictures';
import { useSession } from '../session';

/** The hero's sizes: the server preloads the hero with the same (web.HeroSizes). */
const HERO_SIZES = '(min-width: 1240px) 1200px, 100vw';

/** Every departure with its local start time, for everyone (booking needs a login). */
function Departures({ startDates }: { startDates: StartDateOption[] }) {
  if (startDates.length === 0) return null;
  return (
    <section className="departures" aria-labelledby="departures-title">
      <h2 id="departures-title" className="section-title">
        Departures
      </h2>
      <ul className="departures__list">
        {startDates.map((d) => (
          <li key={d.date} className={d.bookable ? 'departure' : 'departure departure--unavailable'}>
            <span className="departure__date">{d.label}</span>
            <span className="departure__time">{`Starts ${d.startTime}`}</span>
            {d.meetingPoint ? <span className="departure__meeting">{`Meeting point: ${d.meetingPoint}`}</span> : null}
            <span className="departure__seats">
              {d.bookable ? `${plural(d.seatsLeft, 'seat', 'seats')} left` : d.seatsLeft > 0 ? 'Not bookable' : 'Full'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TourPage({ tour, waitlist, waitlistDates, reviewing, reviewLimits, termsVersion }: PageProps['tour']) {
  const { site } = useSession();
  // A traveller's review changes the rating shown here without a reload.
  const [rating, setRating] = useState({ average: tour.ratingsAverage, quantity: tour.ratingsQuantity });
  // The itinerary's stop whose marker the map highlights.
  const [activeStop, setActiveStop] = useState<number | null>(null);
  const paragraphs = tour.description.split(/\n+/).filter((p) => p.trim() !== '');

  return (
    <article className="tour">
      <header className="tour-hero">
        <img
          className="tour-hero__img"
          src={tour.coverImage}
          srcSet={tour.coverSrcSet || undefined}
          sizes={tour.coverSrcSet ? HERO_SIZES : undefined}
          alt=""
          width={TOUR_PICTURE_WIDTH}
          height={TOUR_PICTURE_HEIGHT}
          fetchPriority="high"
        />
        <div className="tour-hero__text">
          <h1 className="tour-hero__title">{tour.name}</h1>
          <p className="tour-hero__facts">
            <span>{plural(tour.durationDays, 'day', 'days')}</span>
            <span>{tour.startLocation}</span>
          </p>
        </div>
      </header>

      <div className="tour__columns">
        <section className="tour__section" aria-labelledby="facts-title">
          <h2 id="facts-title" className="section-title">
            Quick facts
          </h2>
          <dl className="facts">
            <div className="facts__item">
              <dt>Next date</dt>
              <dd>{tour.nextDate ?? 'No upcoming dates'}</dd>
            </div>
            <div className="facts__item">
              <dt>Price per person</dt>
              {/* Each category's price before a date is chosen: "from" when the dates differ. */}
              <dd id="tour-prices">
                {tour.booking.categories.length === 1
                  ? tour.booking.categories[0]!.price
                  : tour.booking.categories.map((c) => (
                      <span key={c.id} className="facts__price">{`${c.name}${c.ages ? ` (${c.ages})` : ''}: ${c.price}`}</span>
                    ))}
              </dd>
            </div>
            <div className="facts__item">
              <dt>Difficulty</dt>
              <dd>{difficultyLabel(tour.difficulty)}</dd>
            </div>
            <div className="facts__item">
              <dt>Participants</dt>
              <dd>{`Up to ${plural(tour.maxGroupSize, 'person', 'people')}`}</dd>
            </div>
            <div className="facts__item">
              <dt>Rating</dt>
              {/* "0.0 / 5" would read as a bad rating: a tour without reviews has none. */}
              <dd id="tour-rating">{rating.quantity > 0 ? `${rating.average} / 5 (${plural(rating.quantity, 'review', 'reviews')})` : 'No reviews yet'}</dd>
            </div>
          </dl>

          {tour.guides.length > 0 ? (
            <>
              <h2 className="section-title">Your tour guides</h2>
              <ul className="guides">
                {tour.guides.map((guide) => (
                  <li key={`${guide.name}-${guide.role}`} className="guide">
                    <UserPhoto className="guide__img" src={guide.photo} srcSet={guide.photoSrcSet} size={48} alt={guide.name} lazy />
                    <span className="guide__role">{guide.roleLabel}</span>
                    <span className="guide__name">{guide.name}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <section className="tour__section" aria-labelledby="about-title">
          <h2 id="about-title" className="section-title">{`About ${tour.name}`}</h2>
          {paragraphs.map((p, i) => (
            <p key={i} className="tour__description">
              {p}
            </p>
          ))}
        </section>
      </div>

      <Departures startDates={tour.startDates} />

      <section className="tour__policy" aria-labelledby="policy-title">
        <h2 id="policy-title" className="section-title">
          Cancellation policy
        </h2>
        <CancellationPolicy id="tour-policy" tiers={tour.cancellationPolicy} timeZone={tour.timeZone} />
      </section>

      {tour.pictures.length > 0 ? (
        <section className="pictures" aria-label="Pictures">
          {tour.pictures.map((picture, i) => (
            <img
              key={picture.src}
              className="pictures__img"
              src={picture.src}
              srcSet={picture.srcSet || undefined}
              sizes={picture.srcSet ? '(max-width: 900px) 100vw, 33vw' : undefined}
              alt={`${tour.name}, picture ${i + 1}`}
              loading="lazy"
              width={TOUR_PICTURE_WIDTH}
              height={TOUR_PICTURE_HEIGHT}
            />
          ))}
        </section>
      ) : null}

      {tour.locations.length > 0 ? (
        // The map and its stops side by side on a wide screen, the list under the map on a
        // phone: pointing at a stop (or focusing it) highlights its marker and brings its
        // popup to the front, where popups crowd.
        <div className="tour-map">
          <TourMap locations={tour.locations} tileUrl={site.tileUrl} tileAttribution={site.tileAttribution} active={activeStop} />
          {/* The stops as text too: for readers without JavaScript, screen readers, and search engines. */}
          <section className="itinerary" aria-labelledby="itinerary-title">
            <h2 id="itinerary-title" className="section-title">
              Itinerary
            </h2>
            <ol className="itinerary__list">
              {tour.locations.map((loc, i) => (
                <li key={i} className="itinerary__stop">
                  <button
                    type="button"
                    className="itinerary__show"
                    aria-pressed={activeStop === i}
                    onMouseEnter={() => setActiveStop(i)}
                    onFocus={() => setActiveStop(i)}
                    onClick={() => setActiveStop(i)}
                  >
                    <span className="itinerary__day">{`Day ${loc.day}`}</span> {loc.description}
                  </button>
                </li>
              ))}
            </ol>
          </section>
        </div>
      ) : null}

      <TourReviews
        tourId={tour.id}
        path={`/tour/${encodeURIComponent(tour.slug)}`}
        reviews={tour.reviews}
        page={tour.reviewPage}
        pages={tour.reviewPages}
        pageSize={tour.reviewPageSize}
        total={tour.ratingsQuantity}
        reviewing={reviewing}
        limits={reviewLimits}
        onRating={(average, quantity) => setRating({ average, quantity })}
      />

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title" className="section-title">
          What are you waiting for?
        </h2>
        <p className="cta__text">
          {`${plural(tour.durationDays, 'day', 'days')}. 1 adventure. Infinite memories. Make it yours today!`}
        </p>
        <BookingPanel
          tourId={tour.id}
          startDates={tour.startDates} policy={tour.cancellationPolicy}
          terms={termsVersion}
          form={tour.booking}
        />
        <WaitlistPanel
          tourId={tour.id}
          startDates={tour.startDates}
          dates={waitlistDates}
          places={waitlist}
          maxGroupSize={tour.maxGroupSize}
          terms={termsVersion}
        />
      </section>
    </article>
  );
}
