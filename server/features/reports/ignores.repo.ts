import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groups, postIgnores, posts, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { notBlockedCondition, visiblePostsCondition } from '../../policies/visibility';
import { literalLimit } from '../../db/literal-limit';

/** Ignore: hide a post from this member's timelines and search (idempotent both ways). */
export async function insertIgnore(db: DbOrTx, postId: string, userId: string) {
  await db.insert(postIgnores).values({ postId, userId, createdAt: new Date() }).onConflictDoNothing();
}

export async function deleteIgnore(db: DbOrTx, postId: string, userId: string) {
  await db.delete(postIgnores).where(and(eq(postIgnores.postId, postId), eq(postIgnores.userId, userId)));
}

/**
 * The posts this member hid and may still see, most recently hidden first (settings, "Hidden
 * posts"); keyset on (hidden at, post id), served by the (user_id, post_id) primary key per member.
 */
export async function listIgnoredPosts(
  db: DbOrTx,
  filter: { userId: string; cursor: Cursor | null; limit: number },
) {
  const conditions: SQL[] = [
    eq(postIgnores.userId, filter.userId),
    visiblePostsCondition(filter.userId),
    notBlockedCondition(filter.userId, posts.userId),
  ];
  if (filter.cursor) {
    conditions.push(
      sql`(${postIgnores.createdAt}, ${postIgnores.postId}) < (${filter.cursor.at}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  return db
    .select({
      id: postIgnores.postId,
      createdAt: postIgnores.createdAt,
      createdAtExact: sql<string>`to_char(${postIgnores.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      tldr: posts.tldr,
      groupId: posts.groupId,
      groupName: groups.name,
      userId: posts.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(postIgnores)
    .innerJoin(posts, eq(posts.id, postIgnores.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(groups, eq(groups.id, posts.groupId))
    .where(and(...conditions))
    .orderBy(desc(postIgnores.createdAt), desc(postIgnores.postId))
    .limit(literalLimit(filter.limit + 1));
}

export type IgnoredPostRow = Awaited<ReturnType<typeof listIgnoredPosts>>[number];
