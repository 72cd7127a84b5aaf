import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { linkCommentLikes, linkComments } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { commentThreadQueries } from '../comments/comment-thread.repo';

/** A link's comments: the shared thread queries over `link_comments`, with their likes. */
const thread = commentThreadQueries(
  {
    table: linkComments,
    name: 'link_comments',
    id: linkComments.id,
    subjectId: linkComments.linkId,
    parentId: linkComments.parentId,
    createdAt: linkComments.createdAt,
    userId: linkComments.userId,
  },
  (viewerId) => ({
    id: linkComments.id,
    linkId: linkComments.linkId,
    parentId: linkComments.parentId,
    content: linkComments.content,
    createdAt: linkComments.createdAt,
    editedAt: linkComments.editedAt,
    userId: linkComments.userId,
    likesCount:
      sql<number>`(select count(*) from link_comment_likes lcl where lcl.comment_id = link_comments.id)`.mapWith(
        Number,
      ),
    likedByViewer:
      sql<boolean>`exists (select 1 from link_comment_likes lcl where lcl.comment_id = link_comments.id and lcl.user_id = ${viewerId})`.mapWith(
        Boolean,
      ),
  }),
);

/** A page of a link's top-level comments, oldest first, `limit + 1` rows (link_comments_link_created_idx). */
export function listTopLevelLinkComments(
  db: DbOrTx,
  { linkId, ...page }: { linkId: string; viewerId: string; cursor: Cursor | null; limit: number },
) {
  return thread.listTopLevel(db, { subjectId: linkId, ...page });
}

export type LinkCommentRow = Awaited<ReturnType<typeof listTopLevelLinkComments>>[number];

/** The first REPLIES_PREVIEW replies of each of these comments, oldest first. */
export const listFirstLinkReplies = thread.listFirstReplies;

/** A page of one comment's replies, oldest first, `limit + 1` rows. */
export const listLinkReplies = thread.listReplies;

/** One comment of this link (a comment id under another link's path is not found). */
export async function findLinkComment(
  db: DbOrTx,
  linkId: string,
  commentId: string,
  viewerId: string,
): Promise<LinkCommentRow | null> {
  return thread.find(db, commentId, viewerId, [eq(linkComments.linkId, linkId)]);
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
