import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GroupNotificationLevel } from '../../../shared/domain/group-notifications';
import { type DbOrTx, rowsOf } from '../../db/client';
import { groupNotificationLevels, groupReadMarks, groupRoles, posts } from '../../db/schema';

/** Stores the member's level in the group; null deletes it, so the default for the size applies. */
export async function saveNotificationLevel(
  db: DbOrTx,
  groupId: string,
  userId: string,
  level: GroupNotificationLevel | null,
): Promise<void> {
  if (level === null) {
    await db
      .delete(groupNotificationLevels)
      .where(and(eq(groupNotificationLevels.groupId, groupId), eq(groupNotificationLevels.userId, userId)));
    return;
  }
  await db
    .insert(groupNotificationLevels)
    .values({ groupId, userId, level })
    .onConflictDoUpdate({
      target: [groupNotificationLevels.groupId, groupNotificationLevels.userId],
      set: { level, updatedAt: sql`now()` },
    });
}

/** Marks the group read up to now for the member (a mark never moves back). */
export async function markGroupRead(db: DbOrTx, groupId: string, userId: string): Promise<void> {
  await db
    .insert(groupReadMarks)
    .values({ groupId, userId, readAt: sql`now()` })
    .onConflictDoUpdate({
      target: [groupReadMarks.groupId, groupReadMarks.userId],
      set: { readAt: sql`greatest(${groupReadMarks.readAt}, excluded.read_at)` },
    });
}

/** A post's author and group, and how many members the group has now (null: the post is gone). */
export async function findPostForFanOut(
  db: DbOrTx,
  postId: string,
): Promise<{ authorId: string; groupId: string | null; membersCount: number } | null> {
  const [row] = await db
    .select({
      authorId: posts.userId,
      groupId: posts.groupId,
      membersCount:
        sql<number>`(select count(*) from group_roles gr where gr.group_id = posts.group_id)`.mapWith(Number),
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row ?? null;
}

/**
 * The group's members when the post was written (someone who joined since finds it on the
 * timeline, not in the inbox), other than the author, whose level is `all` (their choice, or `fallback`
 * when they have none) and who have nothing about this post in their inbox yet: a mention already
 * told them, and a job run again after a crash tells nobody twice. At most `limit`, in id order
 * after `afterUserId`, so a big group is told in slices.
 */
export async function listAllLevelMembers(
  db: DbOrTx,
  input: {
    groupId: string;
    postId: string;
    authorId: string;
    fallback: GroupNotificationLevel;
    afterUserId: string | null;
    limit: number;
  },
): Promise<string[]> {
  const result = await db.execute(sql`
    select gr.user_id from group_roles gr
    left join group_notification_levels gnl on gnl.group_id = gr.group_id and gnl.user_id = gr.user_id
    where gr.group_id = ${input.groupId}
      and gr.user_id <> ${input.authorId}
      and gr.created_at <= (select p.created_at from posts p where p.id = ${input.postId})
      and coalesce(gnl.level::text, ${input.fallback}) = 'all'
      and not exists (
        select 1 from notifications n where n.recipient_id = gr.user_id and n.post_id = ${input.postId})
      ${input.afterUserId ? sql`and gr.user_id > ${input.afterUserId}` : sql``}
    order by gr.user_id
    limit ${sql.raw(String(input.limit))}`);
  return rowsOf<{ user_id: string }>(result).map((row) => row.user_id);
}

/**
 * SQL condition on `posts`: the member (`userId`, an id or a column holding one) set the post's
 * group to `nothing`, so `notify` holds back a mention there and the group's new posts (ADR 045).
 * Served by the levels' primary key (group, member).
 */
export function silencedInPostsGroupCondition(userId: string | SQL): SQL {
  return sql`exists (
    select 1 from group_notification_levels sil
    where sil.group_id = posts.group_id and sil.user_id = ${userId} and sil.level = 'nothing'
  )`;
}

/** Whether the member belongs to the group. */
export async function isGroupMember(db: DbOrTx, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groupRoles.id })
    .from(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), eq(groupRoles.userId, userId)))
    .limit(1);
  return Boolean(row);
}
