import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { comments, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { notBlockedCondition } from '../../policies/visibility';

/** Replies carried under each top-level comment of a page (the rest: GET /api/comments/{id}/replies). */
export const REPLIES_PREVIEW = 3;

const commentFields = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  content: comments.content,
  createdAt: comments.createdAt,
  /** Exact text (microseconds kept) for keyset cursors. */
  createdAtExact: sql<string>`to_char(comments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  editedAt: comments.editedAt,
  userId: comments.userId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
  repliesCount: sql<number>`(select count(*) from comments rc where rc.parent_id = comments.id)`.mapWith(
    Number,
  ),
};

/**
 * Every comment query goes through here with its conditions, so a rule that applies to all the
 * comments a viewer reads (a block, for instance) is one line in this list.
 */
function selectComments(db: DbOrTx, viewerId: string, conditions: SQL[]) {
  return db
    .select(commentFields)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(notBlockedCondition(viewerId, comments.userId), ...conditions));
}

/** Rows strictly after the cursor in (created_at, id) ascending order. */
function afterCursor(cursor: Cursor | null): SQL[] {
  return cursor
    ? [sql`(comments.created_at, comments.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`]
    : [];
}

/**
 * A page of a post's top-level comments, oldest first, `limit + 1` rows so the caller knows whether
 * another page exists (comments_post_created_idx).
 */
export async function listTopLevelComments(
  db: DbOrTx,
  {
    postId,
    viewerId,
    cursor,
    limit,
  }: { postId: string; viewerId: string; cursor: Cursor | null; limit: number },
) {
  return selectComments(db, viewerId, [
    eq(comments.postId, postId),
    isNull(comments.parentId),
    ...afterCursor(cursor),
  ])
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
}

export type CommentRow = Awaited<ReturnType<typeof listTopLevelComments>>[number];

/** The first REPLIES_PREVIEW replies of each of these comments, oldest first (comments_parent_created_idx). */
export async function listFirstReplies(db: DbOrTx, parentIds: string[], viewerId: string) {
  if (parentIds.length === 0) return [];
  return selectComments(db, viewerId, [
    inArray(comments.parentId, parentIds),
    sql`(select count(*) from comments earlier
          where earlier.parent_id = comments.parent_id
            and (earlier.created_at, earlier.id) < (comments.created_at, comments.id)) < ${REPLIES_PREVIEW}`,
  ]).orderBy(asc(comments.createdAt), asc(comments.id));
}

/** A page of one comment's replies, oldest first, `limit + 1` rows. */
export async function listReplies(
  db: DbOrTx,
  {
    parentId,
    viewerId,
    cursor,
    limit,
  }: { parentId: string; viewerId: string; cursor: Cursor | null; limit: number },
) {
  return selectComments(db, viewerId, [eq(comments.parentId, parentId), ...afterCursor(cursor)])
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
}

export async function findComment(
  db: DbOrTx,
  commentId: string,
  viewerId: string,
): Promise<CommentRow | null> {
  const [row] = await selectComments(db, viewerId, [eq(comments.id, commentId)]).limit(1);
  return row ?? null;
}

export async function insertComment(
  db: DbOrTx,
  values: { postId: string; userId: string; content: string; parentId: string | null },
) {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!;
}

export async function updateCommentContent(db: DbOrTx, commentId: string, content: string) {
  await db.update(comments).set({ content, editedAt: new Date() }).where(eq(comments.id, commentId));
}

export async function deleteComment(db: DbOrTx, commentId: string) {
  await db.delete(comments).where(eq(comments.id, commentId));
}
