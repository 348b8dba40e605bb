// /admin/users?q=&page=: everyone with an account; admins change roles and (de)activate
// (docs/admin.md).
// Ids for browser tests: #admin-nav, #user-search (the form), #user-search-q, #users-table,
// #role-{userId} (buttons by name: "Save role: {name}", "Deactivate: {name}",
// "Reactivate: {name}"), #pager-summary, #pager-prev, #pager-next.
import { useState } from 'react';
import { AdminNav } from '../components/admin/admin-nav';
import { Pager } from '../components/admin/pager';
import { UserRow } from '../components/admin/user-row';
import { listUrl } from '../lib/list-url';
import type { AdminUserRow, PageProps } from '../props';

export function AdminUsersPage({ users: initialUsers, query, paging }: PageProps['adminUsers']) {
  const [users, setUsers] = useState(initialUsers);
  const replace = (saved: AdminUserRow) => setUsers((rows) => rows.map((row) => (row.id === saved.id ? saved : row)));

  return (
    <div className="admin">
      <AdminNav current="users" />
      <h1 className="page-title">Users</h1>

      <form id="user-search" className="admin-search" method="get" action="/admin/users" role="search" aria-label="Search users">
        <div className="form__group">
          <label className="form__label" htmlFor="user-search-q">
            Search by name or email
          </label>
          <input id="user-search-q" className="form__input" type="search" name="q" defaultValue={query} />
        </div>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>

      {users.length === 0 ? (
        <div className="empty-state">
          <p>{query !== '' ? 'No users match this search.' : 'There are no users yet.'}</p>
          {query !== '' ? <a href="/admin/users">Show all users</a> : null}
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="users-caption" tabIndex={0}>
          <table id="users-table" className="admin-table">
            <caption id="users-caption" className="visually-hidden">
              Users
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={user.id} user={user} onSaved={replace} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} shown={users.length} pageUrl={(page) => listUrl('/admin/users', { q: query }, page)} />
    </div>
  );
}
