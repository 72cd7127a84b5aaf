import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { postLikes, posts } from '../../db/schema';

/**
 * Idempotent: the primary key (post_id, user_id) keeps one like however many requests race.
 * Answers whether this call added it (false when it was already there).
 */
export async function insertLike(db: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const added = await db
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  return added.length > 0;
}

/** Answers whether there was a like to remove. */
export async function deleteLike(db: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return removed.length > 0;
}

/** The post's like counter (kept by the `post_likes_count` trigger in the like's own transaction). */
export async function countLikes(db: DbOrTx, postId: string): Promise<number> {
  const [row] = await db.select({ value: posts.likesCount }).from(posts).where(eq(posts.id, postId));
  return row?.value ?? 0;
}
