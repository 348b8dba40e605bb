// /admin/emails?status=&kind=&to=&page=: the transactional email outbox, newest first
// (docs/admin.md, admins). Without SMTP every email stays here, held.
// Ids for browser tests: #admin-nav, #email-filter (the form), #email-status, #email-kind,
// #email-to, #email-filter-submit, #emails-table, #pager-summary, #pager-prev, #pager-next.
import { AdminNav } from '../components/admin/admin-nav';
import { Pager } from '../components/admin/pager';
import { StatusBadge } from '../components/status-badge';
import { isFiltered, listUrl } from '../lib/list-url';
import type { PageProps } from '../props';

export function AdminEmailsPage({ emails, filters, statuses, paging }: PageProps['adminEmails']) {
  const filtered = isFiltered(filters);
  return (
    <div className="admin">
      <AdminNav current="emails" />
      <h1 className="page-title">Emails</h1>

      <form id="email-filter" className="admin-search" method="get" action="/admin/emails" role="search" aria-label="Filter the emails">
        <div className="form__group">
          <label className="form__label" htmlFor="email-status">
            Status
          </label>
          <select id="email-status" className="form__input" name="status" defaultValue={filters.status}>
            <option value="">Any status</option>
            {statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="email-kind">
            Kind
          </label>
          <input id="email-kind" className="form__input" type="search" name="kind" autoComplete="off" defaultValue={filters.kind} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="email-to">
            Recipient
          </label>
          {/* Search, not email: a part of an address is a fine filter. */}
          <input id="email-to" className="form__input" type="search" name="to" autoComplete="off" defaultValue={filters.to} />
        </div>
        <button id="email-filter-submit" type="submit" className="btn btn--primary">
          Filter
        </button>
      </form>

      {emails.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? 'No emails match these filters.' : 'No email has been queued yet.'}</p>
          {filtered ? <a href="/admin/emails">Show every email</a> : null}
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="emails-caption" tabIndex={0}>
          <table id="emails-table" className="admin-table">
            <caption id="emails-caption" className="visually-hidden">
              Emails, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">Kind</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {emails.map((email) => (
                <tr key={email.id}>
                  <th scope="row">{email.createdAt}</th>
                  <td>
                    <code>{email.kind}</code>
                  </td>
                  <td>{email.to}</td>
                  <td>
                    <a href={`/admin/emails/${encodeURIComponent(email.id)}`}>{email.subject}</a>
                  </td>
                  <td>
                    <StatusBadge status={`email-${email.status}`} label={email.statusLabel} />
                  </td>
                  <td>{email.attempts}</td>
                  <td className="admin-table__text">{email.lastError === '' ? <span className="empty">None</span> : email.lastError}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} shown={emails.length} pageUrl={(page) => listUrl('/admin/emails', filters, page)} />
    </div>
  );
}
