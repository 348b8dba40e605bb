import { Ticket } from '../components/ticket';
import { TourCard } from '../components/tour-card';
import { WaitlistList } from '../components/waitlist-list';
import type { PageProps } from '../props';
import { plural } from '../lib/format';

export function MyToursPage({ bookings, waitlist, termsVersion }: PageProps['myTours']) {
  return (
    <div className="my-tours">
      <h1 className="page-title">My bookings</h1>
      <WaitlistList places={waitlist} terms={termsVersion} />
      {bookings.length === 0 ? (
        <div className="empty-state">
          <p>You have not booked any tours yet.</p>
          <a className="btn btn--primary" href="/">
            Find your next adventure
          </a>
        </div>
      ) : (
        <div className="card-grid">
          {bookings.map((booking) => (
            <TourCard key={booking.id} tour={booking.tour}>
              <dl className="booking-facts">
                <div>
                  <dt>Reference</dt>
                  <dd>
                    <code className="booking-reference">{booking.reference}</code>
                  </dd>
                </div>
                <div>
                  <dt>Date</dt>
                  <dd>{booking.date}</dd>
                </div>
                <div>
                  <dt>Participants</dt>
                  <dd>{plural(booking.participants, 'person', 'people')}</dd>
                </div>
                <div>
                  <dt>Amount</dt>
                  <dd>{booking.amount}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className={`status status--${booking.status}`}>{booking.statusLabel}</span>
                  </dd>
                </div>
              </dl>
              {booking.detailsNeeded ? (
                <p className="my-tours__needed" id={`details-needed-${booking.id}`}>
                  <a href={`/my-tours/${encodeURIComponent(booking.id)}#traveller-details`}>
                    {booking.detailsNeeded}
                    <span className="visually-hidden">{` for ${booking.tour.name} on ${booking.date}`}</span>
                  </a>
                </p>
              ) : null}
              {booking.ticket ? <Ticket ticket={booking.ticket} tourName={booking.tour.name} /> : null}
              <p className="card__actions">
                <a className="btn btn--small btn--primary" href={`/my-tours/${encodeURIComponent(booking.id)}`}>
                  View booking<span className="visually-hidden">{` of ${booking.tour.name} on ${booking.date}`}</span>
                </a>
                {booking.tourUrl ? (
                  <a className="btn btn--small" href={booking.tourUrl}>
                    View tour<span className="visually-hidden">{` ${booking.tour.name}`}</span>
                  </a>
                ) : null}
              </p>
            </TourCard>
          ))}
        </div>
      )}
    </div>
  );
}
