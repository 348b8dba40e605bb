// /admin/audit?actor=&object=&page=: who changed what, newest first (docs/admin.md, admins).
// Ids for browser tests: #admin-nav, #audit-filter (the form), #audit-actor, #audit-object,
// #audit-submit, #audit-table, #pager-summary, #pager-prev, #pager-next.
import { AdminNav } from '../components/admin/admin-nav';
import { Pager } from '../components/admin/pager';
import { isFiltered, listUrl } from '../lib/list-url';
import type { PageProps } from '../props';

export function AdminAuditPage({ entries, filters, paging }: PageProps['adminAudit']) {
  const filtered = isFiltered(filters);
  return (
    <div className="admin">
      <AdminNav current="audit" />
      <h1 className="page-title">Audit log</h1>

      <form id="audit-filter" className="admin-search" method="get" action="/admin/audit" role="search" aria-label="Filter the audit log">
        <div className="form__group">
          <label className="form__label" htmlFor="audit-actor">
            Actor (user id)
          </label>
          <input id="audit-actor" className="form__input" type="search" name="actor" autoComplete="off" defaultValue={filters.actor} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="audit-object">
            Object (tour or booking id)
          </label>
          <input id="audit-object" className="form__input" type="search" name="object" autoComplete="off" defaultValue={filters.object} />
        </div>
        <button id="audit-submit" type="submit" className="btn btn--primary">
          Filter
        </button>
      </form>

      {entries.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? 'No entries match these filters.' : 'Nothing has been changed yet.'}</p>
          {filtered ? <a href="/admin/audit">Show every entry</a> : null}
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="audit-caption" tabIndex={0}>
          <table id="audit-table" className="admin-table">
            <caption id="audit-caption" className="visually-hidden">
              Changes, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Object</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{entry.at}</th>
                  <td>{entry.actorName}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.objectType} <code>{entry.objectId}</code>
                  </td>
                  <td>
                    {entry.changes.length === 0 ? (
                      <span className="empty">None</span>
                    ) : (
                      <ul className="audit-changes">
                        {entry.changes.map((line, i) => (
                          // Lines have no id and never move.
                          <li key={i}>{line}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} shown={entries.length} pageUrl={(page) => listUrl('/admin/audit', filters, page)} />
    </div>
  );
}
