import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { comments } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { reactionSummarySql } from '../reactions/reactions.repo';
import { commentThreadQueries } from './comment-thread.repo';

/** A post's comments: the shared thread queries over `comments`. */
const thread = commentThreadQueries(
  {
    table: comments,
    name: 'comments',
    id: comments.id,
    subjectId: comments.postId,
    parentId: comments.parentId,
    createdAt: comments.createdAt,
    userId: comments.userId,
  },
  (viewerId) => ({
    id: comments.id,
    postId: comments.postId,
    parentId: comments.parentId,
    content: comments.content,
    createdAt: comments.createdAt,
    editedAt: comments.editedAt,
    userId: comments.userId,
    /**
     * The reactions as the viewer sees them (ADR 044). A page of comments is read inside
     * `readingPosts` for its post, so a reaction on another post's comment keeps it (ADR 042).
     */
    reactions: reactionSummarySql('comment_reactions', sql.raw('comments.id'), viewerId),
  }),
);

/** A page of a post's top-level comments, oldest first, `limit + 1` rows (comments_post_created_idx). */
export function listTopLevelComments(
  db: DbOrTx,
  { postId, ...page }: { postId: string; viewerId: string; cursor: Cursor | null; limit: number },
) {
  return thread.listTopLevel(db, { subjectId: postId, ...page });
}

export type CommentRow = Awaited<ReturnType<typeof listTopLevelComments>>[number];

/** The first REPLIES_PREVIEW replies of each of these comments, oldest first (comments_parent_created_idx). */
export const listFirstReplies = thread.listFirstReplies;

/** A page of one comment's replies, oldest first, `limit + 1` rows. */
export const listReplies = thread.listReplies;

export async function findComment(
  db: DbOrTx,
  commentId: string,
  viewerId: string,
): Promise<CommentRow | null> {
  return thread.find(db, commentId, viewerId);
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
