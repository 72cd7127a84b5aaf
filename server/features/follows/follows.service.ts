import type { Db, DbOrTx } from '../../db/client';
import { followGroupKey, notifyOnce, withdrawNotification } from '../notifications/notifications.service';
import { deleteFollow, insertFollow } from './follows.repo';

/** Follows a member, who hears of it once (in the same transaction). */
export async function followMember(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await insertFollow(tx, followerId, followeeId))) return;
    await notifyOnce(tx, {
      recipientId: followeeId,
      actorId: followerId,
      kind: 'follow',
      groupKey: followGroupKey(followerId),
    });
  });
}

/** Unfollows; an unread "started following you" goes with it. */
export async function unfollowMember(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (await deleteFollow(tx, followerId, followeeId)) {
      await withdrawNotification(tx, {
        recipientId: followeeId,
        actorId: followerId,
        groupKey: followGroupKey(followerId),
      });
    }
  });
}

/**
 * Two members arriving connected (ADR 041): each follows the other, inside the caller's
 * transaction, without "started following you" lines (the join itself is the news). Either may undo
 * it with the ordinary unfollow.
 */
export async function followEachOther(tx: DbOrTx, a: string, b: string): Promise<void> {
  if (a === b) return;
  await insertFollow(tx, a, b);
  await insertFollow(tx, b, a);
}
