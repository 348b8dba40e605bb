import type { AdminBookingDetail } from '../../props';
import { StatusBadge } from '../status-badge';

/** Everything known about one booking, as a definition list. */
export function BookingDetails({ booking }: { booking: AdminBookingDetail }) {
  const { customer, tour, departure } = booking;
  return (
    <dl id="booking-details" className="admin-facts">
      <div>
        <dt>Status</dt>
        <dd id="booking-status">
          <StatusBadge status={booking.status} label={booking.statusLabel} />
        </dd>
      </div>
      <div>
        <dt>Customer</dt>
        <dd>
          {customer.name}
          <br />
          <a id="booking-customer-email" href={`mailto:${customer.email}`}>
            {customer.email}
          </a>
        </dd>
      </div>
      <div>
        <dt>Tour</dt>
        <dd>
          <a id="booking-tour" href={`/tour/${encodeURIComponent(tour.slug)}`}>
            {tour.name}
          </a>
        </dd>
      </div>
      <div>
        <dt>Departure</dt>
        <dd>
          <a id="booking-departure" href={departure.manifestUrl}>
            {departure.label}
          </a>
          <br />
          {departure.startTimeLabel}
        </dd>
      </div>
      <div>
        <dt>Seats</dt>
        <dd id="booking-participants">{booking.participants}</dd>
      </div>
      {booking.travelling !== booking.participants ? (
        <div>
          <dt>Travellers</dt>
          <dd id="booking-travelling">{booking.seatsLabel}</dd>
        </div>
      ) : null}
      <div>
        <dt>Amount</dt>
        <dd id="booking-amount">{booking.amount}</dd>
      </div>
      <div>
        <dt>Received</dt>
        <dd id="booking-received">{booking.paid}</dd>
      </div>
      <div>
        <dt>Refunded</dt>
        <dd id="booking-refunded">{booking.refunded}</dd>
      </div>
      {booking.due !== '' ? (
        <div>
          <dt>Due</dt>
          <dd id="booking-due">{booking.payBy === '' ? `${booking.due} due` : `${booking.due} by ${booking.payBy}`}</dd>
        </div>
      ) : null}
      {booking.contactName !== '' || booking.contactEmail !== '' || booking.contactPhone !== '' ? (
        <div>
          <dt>Lead traveller</dt>
          <dd id="booking-contact">
            {[booking.contactName, booking.contactEmail, booking.contactPhone].filter((x) => x !== '').join(', ')}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Payment provider</dt>
        <dd>{booking.provider === '' ? 'None (recorded by an operator)' : booking.provider}</dd>
      </div>
      <div>
        <dt>Checkout id</dt>
        <dd>{booking.checkoutId === '' ? 'None' : <code>{booking.checkoutId}</code>}</dd>
      </div>
      <div>
        <dt>Payment reference</dt>
        <dd>{booking.paymentRef === '' ? 'None' : <code>{booking.paymentRef}</code>}</dd>
      </div>
      <div>
        <dt>Source</dt>
        <dd>{booking.sourceLabel}</dd>
      </div>
      <div>
        <dt>Booked</dt>
        <dd>{booking.createdAt}</dd>
      </div>
      {booking.termsVersion > 0 ? (
        <div>
          <dt>Terms of booking</dt>
          <dd id="booking-terms">
            <a href={booking.termsUrl}>{`Version ${booking.termsVersion}`}</a>
            {`, accepted ${booking.termsAcceptedAt}`}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Paid</dt>
        <dd id="booking-paid">{booking.paidAt === '' ? 'Not paid' : booking.paidAt}</dd>
      </div>
      {booking.travellers.length > 0 ? (
        <div>
          <dt>Travellers</dt>
          <dd>
            <ol id="booking-travellers" className="admin-facts__list">
              {booking.travellers.map((name, i) => (
                <li key={i}>{name}</li>
              ))}
            </ol>
          </dd>
        </div>
      ) : null}
      {booking.phone !== '' ? (
        <div>
          <dt>Phone</dt>
          <dd>
            <a id="booking-phone" href={`tel:${booking.phone.replace(/[^0-9+]/g, '')}`}>
              {booking.phone}
            </a>
          </dd>
        </div>
      ) : null}
      {booking.priceNote !== '' ? (
        <div>
          <dt>Why this price</dt>
          <dd id="booking-price-note">{booking.priceNote}</dd>
        </div>
      ) : null}
      {booking.notes !== '' ? (
        <div>
          <dt>Notes (never sent)</dt>
          <dd id="booking-notes">{booking.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}
