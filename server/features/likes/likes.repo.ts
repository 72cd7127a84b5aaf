import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { postLikes } from '../../db/schema';

/** Idempotent: the primary key (post_id, user_id) keeps one like however many requests race. */
export async function insertLike(db: DbOrTx, postId: string, userId: string) {
  await db.insert(postLikes).values({ postId, userId }).onConflictDoNothing();
}

export async function deleteLike(db: DbOrTx, postId: string, userId: string) {
  await db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
}

export async function countLikes(db: DbOrTx, postId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  return Number(row?.value ?? 0);
}
