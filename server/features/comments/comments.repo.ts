import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { comments, users } from '../../db/schema';
import { notBlockedCondition } from '../../policies/visibility';

const commentFields = {
  id: comments.id,
  postId: comments.postId,
  content: comments.content,
  createdAt: comments.createdAt,
  userId: comments.userId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
};

/** A post's comments the viewer may see (none across a block), oldest first (comments_post_created_idx). */
export async function listComments(db: DbOrTx, postId: string, viewerId: string) {
  return db
    .select(commentFields)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.postId, postId), notBlockedCondition(viewerId, comments.userId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

export async function findComment(db: DbOrTx, commentId: string): Promise<CommentRow | null> {
  const [row] = await db
    .select(commentFields)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, commentId))
    .limit(1);
  return row ?? null;
}

export async function insertComment(db: DbOrTx, values: { postId: string; userId: string; content: string }) {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!;
}

export async function deleteComment(db: DbOrTx, commentId: string) {
  await db.delete(comments).where(eq(comments.id, commentId));
}
