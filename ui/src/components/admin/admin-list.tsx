// The back office's list pages in one shape (CONVENTIONS.md "repeated page shapes become one
// component"): the admin navigation and title, a GET filter form, a table with a hidden
// caption, an empty state that says whether the filters found nothing, and the pager. The page gives the columns, the row and
// the filters; ids follow the page's name (#{id}-table, #{id}-caption) for the browser tests.
import type { ReactNode } from 'react';
import { isFiltered, listUrl } from '../../lib/list-url';
import type { Paging } from '../../props';
import { AdminNav, type AdminSection } from './admin-nav';
import { AdminTable } from './admin-table';
import { Pager } from './pager';

export interface ListOption {
  value: string;
  label: string;
}

/** One filter of the form; its value is the list's query under `name`. */
export interface ListFilter {
  id: string;
  label: string;
  name: string;
  /** search: any part of a name or address (never type="email": the browser would refuse a part) */
  type: 'search' | 'date' | 'select';
  options?: ListOption[];
  /** "off" where the browser's suggestions only get in the way */
  autoComplete?: 'off';
}

export interface ListFilterForm {
  id: string;
  /** The form's accessible name; the role "search" already says what it is */
  label?: string;
  fields: ListFilter[];
  submitText: 'Filter' | 'Search';
  submitId?: string;
  /** Query names the form carries along unchanged when set (the search box's q) */
  keep?: string[];
}

export interface ListEmpty {
  /** Nothing at all yet */
  none: string;
  /** Filters are set and nothing matches them */
  noMatch?: string;
  /** The link back to the whole list, under noMatch */
  showAll?: string;
}

/** A list's query: string fields only (a generated interface, which has no index signature, fits). */
type ListQuery<Q> = { [K in keyof Q]: string };

interface AdminListProps<Row extends { id: string }, Q extends ListQuery<Q>> {
  /** The navigation's current section */
  section: AdminSection;
  title: string;
  /** Beside the title (a "New tour" button); given, even as null, the title sits in a heading row */
  actions?: ReactNode;
  /** The list's address: the filter form's action, the "show all" link and the pager's links */
  path: string;
  /** The filters the page was shown with, by query name */
  query?: Q;
  filters?: ListFilterForm;
  /** "bookings" → #bookings-table, captioned by #bookings-caption */
  id: string;
  caption: string;
  columns: string[];
  rows: Row[];
  /** One <tr>, its first cell a <th scope="row"> */
  row: (row: Row) => ReactNode;
  empty: ListEmpty;
  /** Without paging (a list shown whole) there is no pager */
  paging?: Paging;
  /** The navigation's search box's text (AdminNav) */
  search?: string;
  /** Said in place of the list when the list could not be made (a search with nothing to find) */
  message?: string;
  /** Shown above the list, under the filters: what the list is the history of (editors) */
  before?: ReactNode;
  /** Shown under the list: a section about the list's settings */
  after?: ReactNode;
}

function FilterField({ field, value }: { field: ListFilter; value: string }) {
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={field.id}>
        {field.label}
      </label>
      {field.type === 'select' ? (
        <select id={field.id} className="form__input" name={field.name} defaultValue={value}>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={field.id} className="form__input" type={field.type} name={field.name} autoComplete={field.autoComplete} defaultValue={value} />
      )}
    </div>
  );
}

export function AdminList<Row extends { id: string }, Q extends ListQuery<Q> = Record<string, string>>(props: AdminListProps<Row, Q>) {
  const { section, title, actions, path, query = {} as Q, filters, id, caption, columns, rows, row, empty, paging, search, message, before, after } = props;
  const values: Partial<Record<string, string>> = query;
  const filtered = isFiltered(query);
  const heading = <h1 className="page-title">{title}</h1>;
  return (
    <div className="admin">
      <AdminNav current={section} search={search} />
      {actions === undefined ? (
        heading
      ) : (
        <div className="admin__heading">
          {heading}
          {actions}
        </div>
      )}

      {filters ? (
        // A plain GET form: filtering works before (and without) JavaScript.
        <form id={filters.id} className="admin-search" method="get" action={path} role="search" aria-label={filters.label}>
          {filters.fields.map((field) => (
            <FilterField key={field.id} field={field} value={values[field.name] ?? ''} />
          ))}
          {(filters.keep ?? []).map((name) => (values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null))}
          <button id={filters.submitId} type="submit" className="btn btn--primary">
            {filters.submitText}
          </button>
        </form>
      ) : null}
      {before}

      {message ? (
        <div className="empty-state" role="alert">
          <p>{message}</p>
        </div>
      ) : rows.length === 0 ? (
        <div className="empty-state">
          <p>{filtered && empty.noMatch ? empty.noMatch : empty.none}</p>
          {filtered && empty.showAll ? <a href={path}>{empty.showAll}</a> : null}
        </div>
      ) : (
        <AdminTable id={id} caption={caption} columns={columns} rows={rows} rowKey={(item) => item.id} row={row} />
      )}
      {paging ? <Pager paging={paging} shown={rows.length} pageUrl={(page) => listUrl(path, query, page)} /> : null}
      {after}
    </div>
  );
}
