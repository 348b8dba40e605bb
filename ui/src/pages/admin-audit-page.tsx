// /admin/audit?actor=&object=&page=: who changed what, newest first (docs/admin.md, admins).
// Ids for browser tests: #admin-nav, #audit-filter (the form), #audit-actor, #audit-object,
// #audit-submit, #audit-table, #pager-summary, #pager-prev, #pager-next.
import { AdminList, type ListFilter } from '../components/admin/admin-list';
import type { PageProps } from '../props';

export function AdminAuditPage({ entries, filters, paging }: PageProps['adminAudit']) {
  const fields: ListFilter[] = [
    { id: 'audit-actor', label: 'Actor (user id)', name: 'actor', type: 'search', autoComplete: 'off' },
    { id: 'audit-object', label: 'Object (tour or booking id)', name: 'object', type: 'search', autoComplete: 'off' },
  ];
  return (
    <AdminList
      section="audit"
      title="Audit log"
      path="/admin/audit"
      query={filters}
      filters={{ id: 'audit-filter', label: 'Filter the audit log', fields, submitText: 'Filter', submitId: 'audit-submit' }}
      id="audit"
      caption="Changes, newest first"
      columns={['When', 'Who', 'Action', 'Object', 'Changes']}
      rows={entries}
      row={(entry) => (
        <tr>
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
      )}
      empty={{ none: 'Nothing has been changed yet.', noMatch: 'No entries match these filters.', showAll: 'Show every entry' }}
      paging={paging}
    />
  );
}
