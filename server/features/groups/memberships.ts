import { and, eq } from 'drizzle-orm';
import type { GroupRole } from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { noReadCache, type ReadCache } from '../../db/read-cache';
import { groupRoles, groups } from '../../db/schema';

/**
 * The groups feature's public lookups: whether a group exists and a member's role in it.
 * Other features (posts, comments, likes) authorise with these and the pure role policies.
 */
export async function findGroupWithRole(
  db: DbOrTx,
  groupId: string,
  userId: string,
  /** Where a hot read may be kept between writes (a group's timeline, ADR 028); none by default. */
  cache: ReadCache = noReadCache,
): Promise<{ id: string; name: string; role: GroupRole | null } | null> {
  return cache.read(`group-role:${groupId}:${userId}`, async () => {
    const [row] = await db
      .select({ id: groups.id, name: groups.name, role: groupRoles.role })
      .from(groups)
      .leftJoin(groupRoles, and(eq(groupRoles.groupId, groups.id), eq(groupRoles.userId, userId)))
      .where(eq(groups.id, groupId))
      .limit(1);
    return row ?? null;
  });
}
