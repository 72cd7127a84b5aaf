import type { DbOrTx } from '../../db/client';
import { invalidField, notFound } from '../../http/errors';
import { deleteBlock, deleteFollowsBetween, insertBlock, userExists } from './blocks.repo';

/**
 * Blocks a member: from now on neither sees the other's posts, comments or mentions, and neither
 * is notified about the other (server/policies/visibility.ts, notify). Following ends both ways,
 * in the same transaction. Returns whether the block is new.
 */
export async function blockMember(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  if (blockerId === blockedId) throw invalidField('user_id', "can't be yourself");
  if (!(await userExists(db, blockedId))) throw notFound();
  return db.transaction(async (tx) => {
    const created = await insertBlock(tx, blockerId, blockedId);
    await deleteFollowsBetween(tx, blockerId, blockedId);
    return created;
  });
}

/** Lifts a block (idempotent): what each wrote shows again; following stays ended. */
export async function unblockMember(db: DbOrTx, blockerId: string, blockedId: string) {
  await deleteBlock(db, blockerId, blockedId);
}
