// /my-tours/{id}: one booking as its traveller sees it.
//
// Ids for browser tests: #booking-facts, #meeting-point, #map-link, #calendar-link,
// #my-ticket, #policy (the booking's policy), #no-policy, #cancel-quote, #cancel-until,
// #cancel-my-booking, #confirm-cancel, #cancel-refusal, #cancel-outcome; an unpaid booking
// whose seats are held: #unpaid, #continue-payment, #release-seats; its receipts: #receipts,
// #receipt-{id}; who travels: #booking-units, #booking-extras, #traveller-details (#traveller-{n},
// #booking-answers; its
// form #details-form, #traveller-{n}-name, #answer-{question}-{n}, #save-details),
// #details-missing, #details-closed.
import { useState } from 'react';
import { BookingDetails } from '../components/booking-details';
import { CancelMyBooking } from '../components/cancel-my-booking';
import { CancellationPolicy } from '../components/cancellation-policy';
import { ReceiptLinks } from '../components/receipt-links';
import { StatusBadge } from '../components/status-badge';
import { Ticket } from '../components/ticket';
import { plural } from '../lib/format';
import type { PageProps } from '../props';
import { BalanceSection } from '../components/balance-section';

export function MyBookingPage({ booking: initial, ticket, receipts }: PageProps['myBooking']) {
  // The page's copy: a fresh quote or the cancellation's answer replaces it.
  const [booking, setBooking] = useState(initial);

  return (
    <div className="my-booking">
      <p className="my-booking__back">
        <a href="/my-tours">All my bookings</a>
      </p>
      <h1 className="page-title">{booking.tour.name}</h1>
      <p className="my-booking__status">
        <StatusBadge status={booking.status} label={booking.statusLabel} />
      </p>

      <section className="my-booking__section" aria-labelledby="details-title">
        <h2 id="details-title" className="section-title">
          Your booking
        </h2>
        <dl className="facts" id="booking-facts">
          <div className="facts__item">
            <dt>Reference</dt>
            <dd>
              <code id="booking-reference" className="booking-reference">
                {booking.reference}
              </code>
            </dd>
          </div>
          <div className="facts__item">
            <dt>Date</dt>
            <dd>{booking.date}</dd>
          </div>
          <div className="facts__item">
            <dt>Starts</dt>
            <dd>{booking.startTime}</dd>
          </div>
          <div className="facts__item">
            <dt>Duration</dt>
            <dd>{plural(booking.tour.durationDays, 'day', 'days')}</dd>
          </div>
          <div className="facts__item">
            <dt>Meeting point</dt>
            <dd>
              <span id="meeting-point">{booking.meetingPoint}</span>{' '}
              <a id="map-link" href={booking.mapUrl} target="_blank" rel="noopener noreferrer">
                Show on map<span className="visually-hidden"> (OpenStreetMap, opens in a new tab)</span>
              </a>
            </dd>
          </div>
          <div className="facts__item">
            <dt>Participants</dt>
            <dd>{plural(booking.participants, 'person', 'people')}</dd>
          </div>
          {booking.units.length > 1 || booking.units.some((u) => u.name !== 'Adult') ? (
            <div className="facts__item">
              <dt>Travellers</dt>
              <dd id="booking-units">{booking.units.map((u) => `${u.quantity} × ${u.name} (${u.price})`).join(', ')}</dd>
            </div>
          ) : null}
          {booking.extras.length > 0 ? (
            <div className="facts__item">
              <dt>Extras</dt>
              <dd id="booking-extras">{booking.extras.map((e) => `${e.quantity} × ${e.name} (${e.price})`).join(', ')}</dd>
            </div>
          ) : null}
          <div className="facts__item">
            <dt>Amount</dt>
            <dd>{booking.amount}</dd>
          </div>
          <div className="facts__item">
            <dt>Payment</dt>
            <dd>{booking.payment}</dd>
          </div>
          {booking.refunded ? (
            <div className="facts__item">
              <dt>Refunded</dt>
              <dd id="refunded">{booking.refunded}</dd>
            </div>
          ) : null}
        </dl>
        <p className="my-booking__actions">
          {/* Only a paid booking is in the calendar: the file says CONFIRMED. */}
          {booking.calendarUrl ? (
            <a id="calendar-link" className="btn btn--small" href={booking.calendarUrl} download>
              Add to calendar (.ics)
            </a>
          ) : null}
          {booking.tour.url ? (
            <a className="btn btn--small btn--outline" href={booking.tour.url}>
              View tour
            </a>
          ) : null}
          {booking.reviewUrl ? (
            <a id="review-link" className="btn btn--small btn--outline" href={booking.reviewUrl}>
              Review this tour
            </a>
          ) : null}
        </p>
      </section>

      {booking.balance ? <BalanceSection balance={booking.balance} /> : null}

      {booking.releaseUrl ? (
        <section id="unpaid" className="my-booking__section" aria-labelledby="unpaid-title">
          <h2 id="unpaid-title" className="section-title">
            Not paid yet
          </h2>
          <p>Your seats are held while your checkout is open. Pay to confirm the booking, or release the seats for other travellers.</p>
          {/* A plain form: releasing works before the page is hydrated and without JavaScript. */}
          <form className="my-booking__actions" method="post" action={booking.releaseUrl}>
            {booking.continueUrl ? (
              <a id="continue-payment" className="btn btn--small btn--primary" href={booking.continueUrl}>
                Continue to payment
              </a>
            ) : null}
            <button id="release-seats" type="submit" className="btn btn--small btn--outline">
              Release these seats
            </button>
          </form>
        </section>
      ) : null}

      {/* A cancellation on this page ends the ticket at once. */}
      {ticket && booking.status === 'paid' ? (
        <section id="my-ticket" className="my-booking__section" aria-labelledby="ticket-title">
          <h2 id="ticket-title" className="section-title">
            Your ticket
          </h2>
          <p>Show this code to your guide at the meeting point.</p>
          <Ticket ticket={ticket} tourName={booking.tour.name} />
        </section>
      ) : null}

      {/* Keyed by the booking's details: a saved change starts the form from what was kept. */}
      <BookingDetails key={JSON.stringify(booking.details.travellers) + JSON.stringify(booking.details.answers)} booking={booking} onChange={setBooking} />

      <ReceiptLinks receipts={receipts} className="my-booking__section" />

      <section className="my-booking__section" aria-labelledby="policy-title">
        <h2 id="policy-title" className="section-title">
          Cancellation policy
        </h2>
        {booking.policy ? (
          <>
            <p>The policy you booked under; later changes to the tour's policy do not change it.</p>
            <CancellationPolicy id="policy" tiers={booking.policy} timeZone={booking.timeZone} />
          </>
        ) : (
          <p id="no-policy">No cancellation policy was recorded with this booking. Please contact us to cancel it.</p>
        )}
      </section>

      <CancelMyBooking booking={booking} onChange={setBooking} />
    </div>
  );
}
