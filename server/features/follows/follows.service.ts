import type { Db } from '../../db/client';
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
