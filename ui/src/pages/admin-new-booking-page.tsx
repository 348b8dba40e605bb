// /admin/bookings/new?tour=&date=: New booking, from the dashboard, a tour, a departure's
// row, the manifest or the calendar (docs/admin.md).
// Ids for browser tests: #new-booking (form), #nb-tour, #nb-date, #nb-name, #nb-email,
// #nb-phone, #nb-participants, #nb-traveller-{i}, #nb-notes, #nb-price-mode,
// #nb-price-value, #nb-price-note, #nb-method, #nb-received-on, #nb-reference, #nb-pay-by,
// #nb-confirm, #new-booking-submit.
import { AdminNav } from '../components/admin/admin-nav';
import { NewBookingForm } from '../components/admin/new-booking-form';
import type { PageProps } from '../props';

export function AdminNewBookingPage(props: PageProps['adminNewBooking']) {
  return (
    <div className="admin">
      <AdminNav current="bookings" exact={false} />
      <p className="admin__back">
        <a href="/admin/bookings">All bookings</a>
      </p>
      <h1 id="new-booking-title" className="page-title">
        New booking
      </h1>
      <NewBookingForm {...props} />
    </div>
  );
}
