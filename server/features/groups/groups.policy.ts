import type { GroupRole } from '../../../shared/domain/constants';

/**
 * Whether moving a member from `from` to `to` (null: removed) still leaves the group an Owner.
 * Checked with the group locked; who may change or remove whom is server/policies/group-roles.ts.
 */
export function keepsAnOwner(from: GroupRole, to: GroupRole | null, ownersNow: number): boolean {
  if (from !== 'Owner' || to === 'Owner') return true;
  return ownersNow > 1;
}
