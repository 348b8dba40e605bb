// /admin/bookings?tour=&date=&status=&email=&from=&to=&q=&page=: every booking, newest first,
// 50 a page (docs/admin.md); q is the navigation's search box (#booking-search-q), kept
// by the filter form while it narrows what the search found.
// Ids for browser tests: #admin-nav, #booking-filter (the form), #filter-tour,
// #filter-date, #filter-status, #filter-email, #filter-from, #filter-to, #filter-submit,
// #bookings-table, #pager-summary, #pager-prev, #pager-next.
import { AdminList, type ListFilter } from '../components/admin/admin-list';
import { StatusBadge } from '../components/status-badge';
import type { BookingStatus, PageProps } from '../props';

const STATUS_OPTIONS: { value: BookingStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'awaiting_payment', label: 'Awaiting payment' },
  { value: 'paid', label: 'Paid' },
  { value: 'refund_due', label: 'Refund due' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'cancelled', label: 'Cancelled' },
];

export function AdminBookingsPage({ bookings, filters, tours, paging, message }: PageProps['adminBookings']) {
  const fields: ListFilter[] = [
    { id: 'filter-tour', label: 'Tour', name: 'tour', type: 'select', options: [{ value: '', label: 'All tours' }, ...tours.map((t) => ({ value: t.id, label: t.name }))] },
    { id: 'filter-date', label: 'Departure date', name: 'date', type: 'date' },
    { id: 'filter-status', label: 'Status', name: 'status', type: 'select', options: STATUS_OPTIONS },
    // Search, not email: a part of an address is a fine filter, and the browser must not refuse it.
    { id: 'filter-email', label: 'Customer email', name: 'email', type: 'search', autoComplete: 'off' },
    { id: 'filter-from', label: 'Booked from', name: 'from', type: 'date' },
    { id: 'filter-to', label: 'Booked to', name: 'to', type: 'date' },
  ];
  return (
    <AdminList
      section="bookings"
      title={filters.q ? `Bookings found by “${filters.q}”` : 'Bookings'}
      path="/admin/bookings"
      query={filters}
      search={filters.q}
      message={message}
      filters={{ id: 'booking-filter', label: 'Filter bookings', fields, submitText: 'Filter', submitId: 'filter-submit', keep: ['q'] }}
      id="bookings"
      caption="Bookings, newest first"
      columns={['Customer', 'Reference', 'Tour', 'Departure', 'Travellers', 'Amount', 'Status', 'Source', 'Booked']}
      rows={bookings}
      row={(booking) => (
        <tr>
          <th scope="row">
            <a href={`/admin/bookings/${encodeURIComponent(booking.id)}`}>{booking.customerName}</a>
            <span className="admin-table__sub">{booking.customerEmail}</span>
          </th>
          <td>
            <code>{booking.reference}</code>
          </td>
          <td>{booking.tourName}</td>
          <td>{booking.date}</td>
          <td className="admin-table__number">{booking.seatsLabel === '' ? booking.participants : booking.seatsLabel}</td>
          <td className="admin-table__number">{booking.amount}</td>
          <td>
            <StatusBadge status={booking.status} label={booking.statusLabel} />
          </td>
          <td>{booking.sourceLabel}</td>
          <td>{booking.createdAt}</td>
        </tr>
      )}
      empty={{ none: 'There are no bookings yet.', noMatch: 'No bookings match these filters.', showAll: 'Show all bookings' }}
      paging={paging}
    />
  );
}
