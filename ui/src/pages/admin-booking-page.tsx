// /admin/bookings/{id}: one booking, its history and refunds; cancel and refund it, or mark
// a refund-due one resolved (docs/admin.md).
// Ids for browser tests: #admin-nav, #booking-details, #booking-status,
// #booking-customer-email, #booking-tour, #booking-departure, #booking-participants,
// #booking-amount, #booking-refunded, #booking-paid, #booking-history, #refunds-table;
// #cancel-booking (form), #refund-amount, #cancel-reason, #cancel-booking-submit;
// #resolve-booking (form), #resolve-reason, #resolve-booking-submit; #booking-payments
// (#payments-price, #payments-received, #payments-due, #payments-table), #record-payment
// (form: #payment-method, #payment-amount, #payment-date, #payment-reference,
// #record-payment-submit), #send-payment-link (form), .refund-paid-back (forms);
// #change-booking (form), #change-participants, #change-date, #change-contact-name,
// #change-contact-email, #change-contact-phone, #change-note, #change-booking-submit,
// #change-dialog (-confirm, -cancel, -summary); #refund-booking (form),
// #refund-only-amount, #refund-only-reason, #refund-booking-submit, #refund-dialog
// (-confirm, -cancel); #cancel-dialog (-confirm, -cancel); #booking-due; #bought-table and
// #booking-seats (what was bought), #booking-answers and #booking-traveller-details.
import { useState } from 'react';
import { AdminNav } from '../components/admin/admin-nav';
import { BookingBought } from '../components/admin/booking-bought';
import { BookingDetails } from '../components/admin/booking-details';
import { BookingHistory } from '../components/admin/booking-history';
import { BookingPayments } from '../components/admin/booking-payments';
import { BookingRefunds } from '../components/admin/booking-refunds';
import { BookingTravellers } from '../components/admin/booking-travellers';
import { CancelBookingForm } from '../components/admin/cancel-booking-form';
import { ChangeBookingForm } from '../components/admin/change-booking-form';
import { RefundBookingForm } from '../components/admin/refund-booking-form';
import { ResolveBookingForm } from '../components/admin/resolve-booking-form';
import { CancelOverdueForm } from '../components/admin/cancel-overdue-form';
import { ReceiptLinks } from '../components/receipt-links';
import type { AdminBookingAnswer, PageProps } from '../props';

export function AdminBookingPage({ booking: initialBooking, collect: initialCollect, options, receipts }: PageProps['adminBooking']) {
  // Every call answers with the whole booking, which replaces the page's copy; the calls
  // about its money answer with its payments too.
  const [booking, setBooking] = useState(initialBooking);
  const [collect, setCollect] = useState(initialCollect);
  const moneyChanged = (answer: AdminBookingAnswer) => {
    setBooking(answer.booking);
    setCollect(answer.collect);
  };
  return (
    <div className="admin">
      <AdminNav current="bookings" exact={false} />
      <p className="admin__back">
        <a href="/admin/bookings">All bookings</a>
      </p>
      <h1 className="page-title">{`Booking ${booking.reference}`}</h1>
      <section className="admin-section" aria-labelledby="details-title">
        <h2 id="details-title" className="section-title">
          Details
        </h2>
        <BookingDetails booking={booking} />
      </section>
      <BookingBought booking={booking} />
      <BookingTravellers booking={booking} />
      <BookingPayments booking={booking} collect={collect} onChanged={moneyChanged} />
      <BookingHistory history={booking.history} />
      <BookingRefunds refunds={booking.refunds} />
      <ReceiptLinks receipts={receipts} className="admin-section" />
      {booking.changeable && options ? <ChangeBookingForm booking={booking} options={options} onChanged={setBooking} /> : null}
      {booking.status === 'paid' && booking.refundableMinor > 0 && options ? (
        <RefundBookingForm booking={booking} options={options} onRefunded={setBooking} />
      ) : null}
      {booking.cancellable ? <CancelBookingForm booking={booking} onCancelled={setBooking} /> : null}
      {collect.balanceOverdue && booking.status === 'paid' ? (
        <CancelOverdueForm bookingId={booking.id} balanceDue={collect.balanceDue} onCancelled={setBooking} />
      ) : null}
      {booking.status === 'refund_due' ? <ResolveBookingForm bookingId={booking.id} onResolved={setBooking} /> : null}
    </div>
  );
}
