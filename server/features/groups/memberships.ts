import { and, eq } from 'drizzle-orm';
import type { GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { groupRoles, groups } from '../../db/schema';

/**
 * The groups feature's public lookups: whether a group exists and a member's role in it.
 * Other features (posts, comments, likes) authorise with these and the pure role policies.
 */
export async function findGroupWithRole(
  db: DbOrTx,
  groupId: string,
  userId: string,
): Promise<{ id: string; name: string; role: GroupRole | null } | null> {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, role: groupRoles.role })
    .from(groups)
    .leftJoin(groupRoles, and(eq(groupRoles.groupId, groups.id), eq(groupRoles.userId, userId)))
    .where(eq(groups.id, groupId))
    .limit(1);
  return row ?? null;
}
