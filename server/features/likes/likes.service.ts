import type { Db } from '../../db/client';
import { likeGroupKey, notifyOnce, withdrawNotification } from '../notifications/notifications.service';
import { publishPostCounts } from '../events/live-post';
import { countLikes, deleteLike, insertLike } from './likes.repo';

/**
 * Likes a post; the author hears of it once (in the same transaction), however often it is redone,
 * and the members who may see the post get its new counts live (only when the like was new).
 */
export async function likePost(db: Db, post: { id: string; userId: string }, userId: string) {
  return db.transaction(async (tx) => {
    if (await insertLike(tx, post.id, userId)) {
      await notifyOnce(tx, {
        recipientId: post.userId,
        actorId: userId,
        kind: 'post_like',
        postId: post.id,
        groupKey: likeGroupKey({ postId: post.id }),
      });
      return (await publishPostCounts(tx, post.id, userId)).likesCount;
    }
    return countLikes(tx, post.id);
  });
}

/** Takes a like back, and with it the author's unread notification of it; the new counts go live. */
export async function unlikePost(db: Db, post: { id: string; userId: string }, userId: string) {
  return db.transaction(async (tx) => {
    if (await deleteLike(tx, post.id, userId)) {
      await withdrawNotification(tx, {
        recipientId: post.userId,
        actorId: userId,
        groupKey: likeGroupKey({ postId: post.id }),
      });
      return (await publishPostCounts(tx, post.id, userId)).likesCount;
    }
    return countLikes(tx, post.id);
  });
}
