import type { Db } from '../../db/client';
import { likeGroupKey, notifyOnce, withdrawNotification } from '../notifications/notifications.service';
import { countLinkLikes, deleteLinkLike, insertLinkLike } from './link-likes.repo';

/** Likes a link; its owner hears of it once (in the same transaction), however often it is redone. */
export async function likeLink(db: Db, link: { id: string; userId: string }, userId: string) {
  return db.transaction(async (tx) => {
    if (await insertLinkLike(tx, link.id, userId)) {
      await notifyOnce(tx, {
        recipientId: link.userId,
        actorId: userId,
        kind: 'link_like',
        linkId: link.id,
        groupKey: likeGroupKey({ linkId: link.id }),
      });
    }
    return countLinkLikes(tx, link.id);
  });
}

/** Takes a like back, and with it the owner's unread notification of it. */
export async function unlikeLink(db: Db, link: { id: string; userId: string }, userId: string) {
  return db.transaction(async (tx) => {
    if (await deleteLinkLike(tx, link.id, userId)) {
      await withdrawNotification(tx, {
        recipientId: link.userId,
        actorId: userId,
        groupKey: likeGroupKey({ linkId: link.id }),
      });
    }
    return countLinkLikes(tx, link.id);
  });
}
