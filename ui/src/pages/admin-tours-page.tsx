// /admin/tours: the operator's list of tours (docs/admin.md).
// Ids for browser tests: #tour-search (the form), #search-q, #search-status, #tours-table,
// #new-tour, #admin-nav.
import { AdminNav } from '../components/admin/admin-nav';
import { StatusBadge } from '../components/status-badge';
import type { PageProps, TourStatus } from '../props';

const STATUS_OPTIONS: { value: TourStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'archived', label: 'Archived' },
];

export function AdminToursPage({ tours, query, status, canEdit }: PageProps['adminTours']) {
  const filtered = query !== '' || status !== '';
  return (
    <div className="admin">
      <AdminNav current="tours" />
      <div className="admin__heading">
        <h1 className="page-title">Tours</h1>
        {canEdit ? (
          <a id="new-tour" className="btn btn--primary" href="/admin/tours/new">
            New tour
          </a>
        ) : null}
      </div>

      {/* A plain GET form: searching works before (and without) JavaScript. */}
      <form id="tour-search" className="admin-search" method="get" action="/admin/tours" role="search">
        <div className="form__group">
          <label className="form__label" htmlFor="search-q">
            Search by name
          </label>
          <input id="search-q" className="form__input" type="search" name="q" defaultValue={query} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="search-status">
            Status
          </label>
          <select id="search-status" className="form__input" name="status" defaultValue={status}>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>

      {tours.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? 'No tours match this search.' : 'There are no tours yet.'}</p>
          {filtered ? <a href="/admin/tours">Show all tours</a> : null}
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="tours-caption" tabIndex={0}>
          <table id="tours-table" className="admin-table">
            <caption id="tours-caption" className="visually-hidden">
              Tours
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Price</th>
                <th scope="col">Upcoming departures</th>
                <th scope="col">Next departure</th>
              </tr>
            </thead>
            <tbody>
              {tours.map((tour) => (
                <tr key={tour.id}>
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
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
