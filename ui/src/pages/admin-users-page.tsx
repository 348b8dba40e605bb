// /admin/users?q=&page=: everyone with an account; admins change roles and (de)activate
// (docs/admin.md).
// Ids for browser tests: #admin-nav, #user-search (the form), #user-search-q, #users-table,
// #role-{userId} (buttons by name: "Save role: {name}", "Deactivate: {name}",
// "Reactivate: {name}"), #pager-summary, #pager-prev, #pager-next.
import { useState } from 'react';
import { AdminList } from '../components/admin/admin-list';
import { UserRow } from '../components/admin/user-row';
import type { AdminUserRow, PageProps } from '../props';

export function AdminUsersPage({ users: initialUsers, query, paging }: PageProps['adminUsers']) {
  const [users, setUsers] = useState(initialUsers);
  const replace = (saved: AdminUserRow) => setUsers((rows) => rows.map((row) => (row.id === saved.id ? saved : row)));

  return (
    <AdminList
      section="users"
      title="Users"
      path="/admin/users"
      query={{ q: query }}
      filters={{
        id: 'user-search',
        label: 'Search users',
        fields: [{ id: 'user-search-q', label: 'Search by name or email', name: 'q', type: 'search' }],
        submitText: 'Search',
      }}
      id="users"
      caption="Users"
      columns={['Name', 'Email', 'Role', 'Status', 'Access']}
      rows={users}
      row={(user) => <UserRow user={user} onSaved={replace} />}
      empty={{ none: 'There are no users yet.', noMatch: 'No users match this search.', showAll: 'Show all users' }}
      paging={paging}
    />
  );
}
