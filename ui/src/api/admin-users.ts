// PATCH /api/v1/admin/users/{id} (docs/admin.md, admins only): a new role, or (de)activation.
import type { AdminUserRow, Role } from '../props';
import { apiPath, request, type ApiResponse } from './client';

export interface UserChanges {
  role?: Role;
  active?: boolean;
}

export function updateUser(id: string, changes: UserChanges): Promise<ApiResponse<{ user: AdminUserRow }>> {
  return request('PATCH', apiPath('api/v1/admin/users', id), { ...changes });
}

/** DELETE /api/v1/admin/users/{id}: the account is deleted (placeholders, sessions ended). */
export function deleteUser(id: string): Promise<ApiResponse<{ user: AdminUserRow }>> {
  return request('DELETE', apiPath('api/v1/admin/users', id));
}
