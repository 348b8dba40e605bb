import { useState } from 'react';
import { deleteUser, updateUser, type UserChanges } from '../../api/admin-users';
import { settleAnswer } from '../../lib/answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminUserRow, Role } from '../../props';
import { StatusBadge } from '../status-badge';
import { ConfirmDialog } from './confirm-dialog';

const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'guide', label: 'Tour guide' },
  { value: 'lead-guide', label: 'Lead guide' },
  { value: 'admin', label: 'Administrator' },
];

interface UserRowProps {
  user: AdminUserRow;
  onSaved: (user: AdminUserRow) => void;
}

/**
 * One user: change the role, deactivate (which ends their sessions) and reactivate,
 * download what the site holds about them, or delete the account after a confirmation.
 * A deleted account shows its placeholders and nothing to change.
 */
export function UserRow({ user, onSaved }: UserRowProps) {
  const [role, setRole] = useState<Role>(user.role);
  const [savedRole, setSavedRole] = useState<Role>(user.role);

  // A new role from the server replaces the choice; a refused one stays chosen.
  if (savedRole !== user.role) {
    setSavedRole(user.role);
    setRole(user.role);
  }

  const save = useSubmit(async (changes: UserChanges) => {
    const saved = settleAnswer(await updateUser(user.id, changes), 'user', 'User updated');
    if (saved) onSaved(saved);
  });

  const [confirming, setConfirming] = useState(false);
  const remove = useSubmit(async () => {
    const saved = settleAnswer(await deleteUser(user.id), 'user', 'Account deleted');
    setConfirming(false);
    if (saved) onSaved(saved);
  });

  const which = `: ${user.name}`;
  if (user.deleted) {
    return (
      <tr>
        <th scope="row">{user.name}</th>
        <td>{user.email}</td>
        <td>{user.roleLabel}</td>
        <td>
          <StatusBadge status="inactive" label="Deleted" />
        </td>
        <td>
          <a className="btn btn--tiny btn--outline" href={user.dataUrl} download aria-label={`Download data of ${user.email}`}>
            Download data
          </a>
        </td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row">{user.name}</th>
      <td>
        <a href={`mailto:${user.email}`}>{user.email}</a>
      </td>
      <td>
        <div className="inline-form">
          <select
            id={`role-${user.id}`}
            className="form__input admin-table__input"
            aria-label={`Role of ${user.name}`}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn--tiny" aria-label={`Save role${which}`} disabled={save.busy} onClick={() => void save.run({ role })}>
            Save role
          </button>
        </div>
      </td>
      <td>
        <StatusBadge status={user.active ? 'active' : 'inactive'} label={user.active ? 'Active' : 'Inactive'} />
      </td>
      <td>
        <button
          type="button"
          className={user.active ? 'btn btn--tiny btn--danger' : 'btn btn--tiny'}
          aria-label={`${user.active ? 'Deactivate' : 'Reactivate'}${which}`}
          disabled={save.busy}
          onClick={() => void save.run({ active: !user.active })}
        >
          {user.active ? 'Deactivate' : 'Reactivate'}
        </button>{' '}
        <a className="btn btn--tiny btn--outline" href={user.dataUrl} download aria-label={`Download data${which}`}>
          Download data
        </a>{' '}
        <button type="button" className="btn btn--tiny btn--danger" aria-label={`Delete account${which}`} disabled={remove.busy} onClick={() => setConfirming(true)}>
          Delete account
        </button>
        {confirming && (
          <ConfirmDialog
            id={`delete-user-${user.id}`}
            title={`Delete the account of ${user.name}?`}
            confirmLabel="Delete account"
            busyLabel="Deleting..."
            busy={remove.busy}
            onConfirm={() => void remove.run()}
            onCancel={() => setConfirming(false)}
          >
            <p>
              Their name, email and photo are replaced by placeholders and every session of theirs ends. Their bookings, receipts and reviews stay; reviews are then signed “A former traveller”. This cannot be undone, and it is written in the audit log.
            </p>
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}
