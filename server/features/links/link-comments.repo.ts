import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { linkCommentLikes, linkComments, users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { notBlockedCondition } from '../../policies/visibility';

/** Replies carried under each top-level comment of a page (the rest: …/comments/{id}/replies). */
export const LINK_REPLIES_PREVIEW = 3;

function commentFields(viewerId: string) {
  return {
    id: linkComments.id,
    linkId: linkComments.linkId,
    parentId: linkComments.parentId,
    content: linkComments.content,
    createdAt: linkComments.createdAt,
    /** Exact text (microseconds kept) for keyset cursors. */
    createdAtExact: sql<string>`to_char(link_comments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    editedAt: linkComments.editedAt,
    repliesCount:
      sql<number>`(select count(*) from link_comments rlc where rlc.parent_id = link_comments.id)`.mapWith(
        Number,
      ),
    userId: linkComments.userId,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarFileId: users.avatarFileId,
    likesCount:
      sql<number>`(select count(*) from link_comment_likes lcl where lcl.comment_id = link_comments.id)`.mapWith(
        Number,
      ),
    likedByViewer:
      sql<boolean>`exists (select 1 from link_comment_likes lcl where lcl.comment_id = link_comments.id and lcl.user_id = ${viewerId})`.mapWith(
        Boolean,
      ),
  };
}

/**
 * Every link comment query goes through here with its conditions, so a rule that applies to all the
 * comments a viewer reads (a block, for instance) is one line in this list.
 */
function selectComments(db: DbOrTx, viewerId: string, conditions: SQL[]) {
  return db
    .select(commentFields(viewerId))
    .from(linkComments)
    .innerJoin(users, eq(users.id, linkComments.userId))
    .where(and(notBlockedCondition(viewerId, linkComments.userId), ...conditions));
}

/** Rows strictly after the cursor in (created_at, id) ascending order. */
function afterCursor(cursor: Cursor | null): SQL[] {
  return cursor
    ? [sql`(link_comments.created_at, link_comments.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`]
    : [];
}

/** A page of a link's top-level comments, oldest first, `limit + 1` rows (link_comments_link_created_idx). */
export async function listTopLevelLinkComments(
  db: DbOrTx,
  {
    linkId,
    viewerId,
    cursor,
    limit,
  }: { linkId: string; viewerId: string; cursor: Cursor | null; limit: number },
) {
  return selectComments(db, viewerId, [
    eq(linkComments.linkId, linkId),
    isNull(linkComments.parentId),
    ...afterCursor(cursor),
  ])
    .orderBy(asc(linkComments.createdAt), asc(linkComments.id))
    .limit(limit + 1);
}

export type LinkCommentRow = Awaited<ReturnType<typeof listTopLevelLinkComments>>[number];

/** The first LINK_REPLIES_PREVIEW replies of each of these comments, oldest first. */
export async function listFirstLinkReplies(db: DbOrTx, parentIds: string[], viewerId: string) {
  if (parentIds.length === 0) return [];
  return selectComments(db, viewerId, [
    inArray(linkComments.parentId, parentIds),
    sql`(select count(*) from link_comments earlier
          where earlier.parent_id = link_comments.parent_id
            and (earlier.created_at, earlier.id) < (link_comments.created_at, link_comments.id)) < ${LINK_REPLIES_PREVIEW}`,
  ]).orderBy(asc(linkComments.createdAt), asc(linkComments.id));
}

/** A page of one comment's replies, oldest first, `limit + 1` rows. */
export async function listLinkReplies(
  db: DbOrTx,
  {
    parentId,
    viewerId,
    cursor,
    limit,
  }: { parentId: string; viewerId: string; cursor: Cursor | null; limit: number },
) {
  return selectComments(db, viewerId, [eq(linkComments.parentId, parentId), ...afterCursor(cursor)])
    .orderBy(asc(linkComments.createdAt), asc(linkComments.id))
    .limit(limit + 1);
}

/** One comment of this link (a comment id under another link's path is not found). */
export async function findLinkComment(
  db: DbOrTx,
  linkId: string,
  commentId: string,
  viewerId: string,
): Promise<LinkCommentRow | null> {
  const [row] = await selectComments(db, viewerId, [
    eq(linkComments.id, commentId),
    eq(linkComments.linkId, linkId),
  ]).limit(1);
  return row ?? null;
}

export async function insertLinkComment(
  db: DbOrTx,
  values: { linkId: string; userId: string; content: string; parentId: string | null },
) {
  const [row] = await db
    .insert(linkComments)
    .values({ ...values, createdAt: new Date() })
    .returning({ id: linkComments.id });
  return row!;
}

export async function updateLinkCommentContent(db: DbOrTx, commentId: string, content: string) {
  await db.update(linkComments).set({ content, editedAt: new Date() }).where(eq(linkComments.id, commentId));
}

export async function deleteLinkComment(db: DbOrTx, commentId: string) {
  await db.delete(linkComments).where(eq(linkComments.id, commentId));
}

/** Idempotent: the primary key (comment_id, user_id) keeps one like however many requests race. */
export async function insertLinkCommentLike(db: DbOrTx, commentId: string, userId: string) {
  await db.insert(linkCommentLikes).values({ commentId, userId }).onConflictDoNothing();
}

export async function deleteLinkCommentLike(db: DbOrTx, commentId: string, userId: string) {
  await db
    .delete(linkCommentLikes)
    .where(and(eq(linkCommentLikes.commentId, commentId), eq(linkCommentLikes.userId, userId)));
}

export async function countLinkCommentLikes(db: DbOrTx, commentId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(linkCommentLikes)
    .where(eq(linkCommentLikes.commentId, commentId));
  return Number(row?.value ?? 0);
}
