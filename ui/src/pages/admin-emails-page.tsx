// /admin/emails?status=&kind=&to=&page=: the transactional email outbox, newest first
// (docs/admin.md, admins). Without SMTP every email stays here, held.
// Ids for browser tests: #admin-nav, #email-filter (the form), #email-status, #email-kind,
// #email-to, #email-filter-submit, #emails-table, #pager-summary, #pager-prev, #pager-next;
// #booking-notices (the staff's booking news setting, see NoticeSetting); #email-retention
// (how long sent emails keep their text, see RetentionSetting).
import { AdminList, type ListFilter } from '../components/admin/admin-list';
import { NoticeSetting } from '../components/admin/notice-setting';
import { RetentionSetting } from '../components/admin/retention-setting';
import { StatusBadge } from '../components/status-badge';
import type { PageProps } from '../props';

export function AdminEmailsPage({ emails, filters, statuses, paging, noticeMode, digestAt, retentionDays }: PageProps['adminEmails']) {
  const fields: ListFilter[] = [
    { id: 'email-status', label: 'Status', name: 'status', type: 'select', options: [{ value: '', label: 'Any status' }, ...statuses] },
    { id: 'email-kind', label: 'Kind', name: 'kind', type: 'search', autoComplete: 'off' },
    // Search, not email: a part of an address is a fine filter.
    { id: 'email-to', label: 'Recipient', name: 'to', type: 'search', autoComplete: 'off' },
  ];
  return (
    <AdminList
      section="emails"
      title="Emails"
      path="/admin/emails"
      query={filters}
      filters={{ id: 'email-filter', label: 'Filter the emails', fields, submitText: 'Filter', submitId: 'email-filter-submit' }}
      id="emails"
      caption="Emails, newest first"
      columns={['Queued', 'Kind', 'To', 'Subject', 'Status', 'Attempts', 'Last error']}
      rows={emails}
      row={(email) => (
        <tr>
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
      )}
      empty={{ none: 'No email has been queued yet.', noMatch: 'No emails match these filters.', showAll: 'Show every email' }}
      paging={paging}
      after={
        <>
          <NoticeSetting mode={noticeMode} digestAt={digestAt} />
          <RetentionSetting days={retentionDays} />
        </>
      }
    />
  );
}
