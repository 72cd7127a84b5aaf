import type { AdminMember } from '../../../shared/api/admin-members';
import type { UserRow } from '../users/users.repo';
import { displayName } from '../users/users.presenter';

/** A member as the admin controls show them: no email, no hashes, just what the switch needs. */
export function presentAdminMember(row: UserRow): AdminMember {
  return {
    id: row.id,
    username: row.username,
    name: displayName(row),
    is_admin: row.isAdmin,
    can_invite: row.canInvite,
    created_at: row.createdAt.toISOString(),
  };
}
