import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupPins } from '../../db/schema';

/** Pins a post; false when it already was (the primary key is the post). */
export async function insertPin(
  db: DbOrTx,
  values: { groupId: string; postId: string; pinnedById: string },
): Promise<boolean> {
  const rows = await db
    .insert(groupPins)
    .values({ ...values, createdAt: new Date() })
    .onConflictDoNothing()
    .returning({ postId: groupPins.postId });
  return rows.length > 0;
}

/**
 * Answers whether there was a pin to remove. The condition names the post first, so the write is
 * told apart by post (ADR 056).
 */
export async function deletePin(db: DbOrTx, groupId: string, postId: string): Promise<boolean> {
  const rows = await db
    .delete(groupPins)
    .where(and(eq(groupPins.postId, postId), eq(groupPins.groupId, groupId)))
    .returning({ postId: groupPins.postId });
  return rows.length > 0;
}

/** The group's pinned posts' ids, newest pin first (group_pins_group_idx; read under the group's lock when pinning). */
export async function listPinnedPostIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ postId: groupPins.postId })
    .from(groupPins)
    .where(eq(groupPins.groupId, groupId))
    .orderBy(desc(groupPins.createdAt), desc(groupPins.postId));
  return rows.map((row) => row.postId);
}
