// Correlated subqueries name outer columns literally (see posts.repo.ts for why).
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { follows, users } from '../../db/schema';
import type { KeyCursor } from '../../http/key-cursor';
import { literalLimit } from '../../db/literal-limit';

/** Idempotent both ways: the primary key (follower, followee) keeps one row. Answers whether it was added. */
export async function insertFollow(db: DbOrTx, followerId: string, followeeId: string): Promise<boolean> {
  const added = await db
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return added.length > 0;
}

/** Answers whether there was a follow to remove. */
export async function deleteFollow(db: DbOrTx, followerId: string, followeeId: string): Promise<boolean> {
  const removed = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ followerId: follows.followerId });
  return removed.length > 0;
}

export async function countFollowers(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(follows)
    .where(eq(follows.followeeId, userId));
  return row?.value ?? 0;
}

/** /api/friends carries the first page of each list; the paged calls carry the rest. */
export const FRIENDS_LIST_MAX = 50;
export const SUGGESTIONS_MAX = 20;

/** Whether the viewer follows the selected member (users row) and whether they follow back. */
export function followRelation(viewerId: string) {
  return {
    isFollowing:
      sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = users.id)`.mapWith(
        Boolean,
      ),
    followsYou:
      sql<boolean>`exists (select 1 from follows f where f.follower_id = users.id and f.followee_id = ${viewerId})`.mapWith(
        Boolean,
      ),
  };
}

/** A person in the Friends lists, with how they relate to the viewer. */
function summaryFields(viewerId: string) {
  return {
    id: users.id,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarFileId: users.avatarFileId,
    ...followRelation(viewerId),
  };
}

const byUsername = sql<string>`lower(${users.username})`;

function listPeople(db: DbOrTx, viewerId: string, where: SQL, limit: number, after: KeyCursor | null = null) {
  return db
    .select({ ...summaryFields(viewerId), sortName: byUsername })
    .from(users)
    .where(
      and(
        where,
        isNotNull(users.confirmedAt),
        after ? sql`(${byUsername}, ${users.id}) > (${after.keys[0]}::text, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(byUsername), asc(users.id))
    .limit(literalLimit(limit));
}

export const followingCondition = (viewerId: string) =>
  sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = users.id)`;
export const followersCondition = (viewerId: string) =>
  sql`exists (select 1 from follows f where f.follower_id = users.id and f.followee_id = ${viewerId})`;

/** One Friends list, by username, keyset paged on (lower(username), id). */
export function listFriendsPage(
  db: DbOrTx,
  viewerId: string,
  list: 'following' | 'followers',
  page: { after: KeyCursor | null; limit: number },
) {
  const where = list === 'following' ? followingCondition(viewerId) : followersCondition(viewerId);
  return listPeople(db, viewerId, where, page.limit, page.after);
}

export type PersonSummaryRow = Awaited<ReturnType<typeof listPeople>>[number];

/** Who I follow, who follows me, and members sharing a group with me whom I don't follow yet. */
export async function listFriends(db: DbOrTx, viewerId: string) {
  const [following, followers, suggestions] = await Promise.all([
    listPeople(db, viewerId, followingCondition(viewerId), FRIENDS_LIST_MAX),
    listPeople(db, viewerId, followersCondition(viewerId), FRIENDS_LIST_MAX),
    listPeople(
      db,
      viewerId,
      sql`${users.id} <> ${viewerId}
        and exists (
          select 1 from group_roles mine join group_roles theirs on theirs.group_id = mine.group_id
          where mine.user_id = ${viewerId} and theirs.user_id = users.id)
        and not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = users.id)`,
      SUGGESTIONS_MAX,
    ),
  ]);
  return { following, followers, suggestions };
}
