import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { linkCommentLikes, linkComments, users } from '../../db/schema';
import { notBlockedCondition } from '../../policies/visibility';

function commentFields(viewerId: string) {
  return {
    id: linkComments.id,
    linkId: linkComments.linkId,
    content: linkComments.content,
    createdAt: linkComments.createdAt,
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

function selectComments(db: DbOrTx, viewerId: string) {
  return db
    .select(commentFields(viewerId))
    .from(linkComments)
    .innerJoin(users, eq(users.id, linkComments.userId));
}

/** A link's comments the viewer may see (none across a block), oldest first (link_comments_link_created_idx). */
export async function listLinkComments(db: DbOrTx, linkId: string, viewerId: string) {
  return selectComments(db, viewerId)
    .where(and(eq(linkComments.linkId, linkId), notBlockedCondition(viewerId, linkComments.userId)))
    .orderBy(asc(linkComments.createdAt), asc(linkComments.id));
}

export type LinkCommentRow = Awaited<ReturnType<typeof listLinkComments>>[number];

/** One comment of this link (a comment id under another link's path is not found). */
export async function findLinkComment(
  db: DbOrTx,
  linkId: string,
  commentId: string,
  viewerId: string,
): Promise<LinkCommentRow | null> {
  const [row] = await selectComments(db, viewerId)
    .where(and(eq(linkComments.id, commentId), eq(linkComments.linkId, linkId)))
    .limit(1);
  return row ?? null;
}

export async function insertLinkComment(
  db: DbOrTx,
  values: { linkId: string; userId: string; content: string },
) {
  const [row] = await db
    .insert(linkComments)
    .values({ ...values, createdAt: new Date() })
    .returning({ id: linkComments.id });
  return row!;
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
