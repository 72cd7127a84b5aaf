import type { GroupRole } from '../../../shared/domain/constants';
import { canManageGroup } from '../../policies/group-roles';

/**
 * Pure rules about members. Only Owners change roles or remove others; any member may leave
 * (remove their own role). The last-Owner rule is checked with the group locked.
 */
export function canChangeMember(
  actorId: string,
  actorRole: GroupRole,
  member: { userId: string },
  action: 'change' | 'remove',
): boolean {
  if (canManageGroup(actorRole)) return true;
  return action === 'remove' && member.userId === actorId;
}

/** Whether moving a member from `from` to `to` (null: removed) still leaves the group an Owner. */
export function keepsAnOwner(from: GroupRole, to: GroupRole | null, ownersNow: number): boolean {
  if (from !== 'Owner' || to === 'Owner') return true;
  return ownersNow > 1;
}
