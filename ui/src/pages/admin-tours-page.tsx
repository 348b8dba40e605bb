// /admin/tours: the operator's list of tours (docs/admin.md).
// Ids for browser tests: #tour-search (the form), #search-q, #search-status, #tours-table,
// #new-tour, #admin-nav.
import { AdminList, type ListFilter } from '../components/admin/admin-list';
import { StatusBadge } from '../components/status-badge';
import type { PageProps, TourStatus } from '../props';

const STATUS_OPTIONS: { value: TourStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'archived', label: 'Archived' },
];

export function AdminToursPage({ tours, query, status, canEdit }: PageProps['adminTours']) {
  const fields: ListFilter[] = [
    { id: 'search-q', label: 'Search by name', name: 'q', type: 'search' },
    { id: 'search-status', label: 'Status', name: 'status', type: 'select', options: STATUS_OPTIONS },
  ];
  // Every tour on one page: no pager.
  return (
    <AdminList
      section="tours"
      title="Tours"
      actions={
        canEdit ? (
          <a id="new-tour" className="btn btn--primary" href="/admin/tours/new">
            New tour
          </a>
        ) : null
      }
      path="/admin/tours"
      query={{ q: query, status }}
      filters={{ id: 'tour-search', fields, submitText: 'Search' }}
      id="tours"
      caption="Tours"
      columns={['Name', 'Status', 'Price', 'Upcoming departures', 'Next departure']}
      rows={tours}
      row={(tour) => (
        <tr>
          <th scope="row">
            <a href={`/admin/tours/${encodeURIComponent(tour.id)}`}>{tour.name}</a>
          </th>
          <td>
            <StatusBadge status={tour.status} label={tour.statusLabel} />
          </td>
          <td>{tour.price}</td>
          <td className="admin-table__number">{tour.upcomingDepartures}</td>
          <td>{tour.nextDeparture ?? 'None'}</td>
        </tr>
      )}
      empty={{ none: 'There are no tours yet.', noMatch: 'No tours match this search.', showAll: 'Show all tours' }}
    />
  );
}
