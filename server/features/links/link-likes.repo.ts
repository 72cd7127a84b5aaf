import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { linkLikes } from '../../db/schema';

/**
 * Idempotent: the primary key (link_id, user_id) keeps one like however many requests race.
 * Answers whether this call added it.
 */
export async function insertLinkLike(db: DbOrTx, linkId: string, userId: string): Promise<boolean> {
  const added = await db
    .insert(linkLikes)
    .values({ linkId, userId })
    .onConflictDoNothing()
    .returning({ linkId: linkLikes.linkId });
  return added.length > 0;
}

/** Answers whether there was a like to remove. */
export async function deleteLinkLike(db: DbOrTx, linkId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(linkLikes)
    .where(and(eq(linkLikes.linkId, linkId), eq(linkLikes.userId, userId)))
    .returning({ linkId: linkLikes.linkId });
  return removed.length > 0;
}

export async function countLinkLikes(db: DbOrTx, linkId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(linkLikes).where(eq(linkLikes.linkId, linkId));
  return Number(row?.value ?? 0);
}
