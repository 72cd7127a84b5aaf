import type { Db } from '../../db/client';
import { likeGroupKey, notifyOnce, withdrawNotification } from '../notifications/notifications.service';
import { countLikes, deleteLike, insertLike } from './likes.repo';

/** Likes a post; the author hears of it once (in the same transaction), however often it is redone. */
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
    }
    return countLikes(tx, post.id);
  });
}

/** Takes a like back, and with it the author's unread notification of it. */
export async function unlikePost(db: Db, post: { id: string; userId: string }, userId: string) {
  return db.transaction(async (tx) => {
    if (await deleteLike(tx, post.id, userId)) {
      await withdrawNotification(tx, {
        recipientId: post.userId,
        actorId: userId,
        groupKey: likeGroupKey({ postId: post.id }),
      });
    }
    return countLikes(tx, post.id);
  });
}
