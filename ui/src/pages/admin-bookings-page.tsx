// /admin/bookings?tour=&date=&status=&email=&from=&to=&page=: every booking, newest first,
// 50 a page (docs/admin.md).
// Ids for browser tests: #admin-nav, #booking-filter (the form), #filter-tour,
// #filter-date, #filter-status, #filter-email, #filter-from, #filter-to, #filter-submit,
// #bookings-table, #pager-summary, #pager-prev, #pager-next.
import { AdminNav } from '../components/admin/admin-nav';
import { Pager } from '../components/admin/pager';
import { StatusBadge } from '../components/status-badge';
import { isFiltered, listUrl } from '../lib/list-url';
import type { BookingStatus, PageProps } from '../props';

const STATUS_OPTIONS: { value: BookingStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'paid', label: 'Paid' },
  { value: 'refund_due', label: 'Refund due' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'cancelled', label: 'Cancelled' },
];

export function AdminBookingsPage({ bookings, filters, tours, paging }: PageProps['adminBookings']) {
  const filtered = isFiltered(filters);
  return (
    <div className="admin">
      <AdminNav current="bookings" />
      <h1 className="page-title">Bookings</h1>

      {/* A plain GET form: filtering works before (and without) JavaScript. */}
      <form id="booking-filter" className="admin-search" method="get" action="/admin/bookings" role="search" aria-label="Filter bookings">
        <div className="form__group">
          <label className="form__label" htmlFor="filter-tour">
            Tour
          </label>
          <select id="filter-tour" className="form__input" name="tour" defaultValue={filters.tour}>
            <option value="">All tours</option>
            {tours.map((tour) => (
              <option key={tour.id} value={tour.id}>
                {tour.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="filter-date">
            Departure date
          </label>
          <input id="filter-date" className="form__input" type="date" name="date" defaultValue={filters.date} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="filter-status">
            Status
          </label>
          <select id="filter-status" className="form__input" name="status" defaultValue={filters.status}>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="filter-email">
            Customer email
          </label>
          {/* Search, not email: a part of an address is a fine filter, and the browser must not refuse it. */}
          <input id="filter-email" className="form__input" type="search" name="email" autoComplete="off" defaultValue={filters.email} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="filter-from">
            Booked from
          </label>
          <input id="filter-from" className="form__input" type="date" name="from" defaultValue={filters.from} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="filter-to">
            Booked to
          </label>
          <input id="filter-to" className="form__input" type="date" name="to" defaultValue={filters.to} />
        </div>
        <button id="filter-submit" type="submit" className="btn btn--primary">
          Filter
        </button>
      </form>

      {bookings.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? 'No bookings match these filters.' : 'There are no bookings yet.'}</p>
          {filtered ? <a href="/admin/bookings">Show all bookings</a> : null}
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="bookings-caption" tabIndex={0}>
          <table id="bookings-table" className="admin-table">
            <caption id="bookings-caption" className="visually-hidden">
              Bookings, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Reference</th>
                <th scope="col">Tour</th>
                <th scope="col">Departure</th>
                <th scope="col">Participants</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Source</th>
                <th scope="col">Booked</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((booking) => (
                <tr key={booking.id}>
                  <th scope="row">
                    <a href={`/admin/bookings/${encodeURIComponent(booking.id)}`}>{booking.customerName}</a>
                    <span className="admin-table__sub">{booking.customerEmail}</span>
                  </th>
                  <td>
                    <code>{booking.id}</code>
                  </td>
                  <td>{booking.tourName}</td>
                  <td>{booking.date}</td>
                  <td className="admin-table__number">{booking.participants}</td>
                  <td className="admin-table__number">{booking.amount}</td>
                  <td>
                    <StatusBadge status={booking.status} label={booking.statusLabel} />
                  </td>
                  <td>{booking.sourceLabel}</td>
                  <td>{booking.createdAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} shown={bookings.length} pageUrl={(page) => listUrl('/admin/bookings', filters, page)} />
    </div>
  );
}
