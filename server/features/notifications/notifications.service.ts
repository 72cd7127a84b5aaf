import type { DbOrTx } from '../../db/client';
import { deleteUnreadInGroup } from './notifications.repo';
import { notify, type NotificationDraft } from './notify';

/** The inbox line a like joins: every like on one post (or link) shows as one line. */
export const likeGroupKey = (subject: { postId: string } | { linkId: string }) =>
  'postId' in subject ? `post_like:${subject.postId}` : `link_like:${subject.linkId}`;

/**
 * The inbox line a reaction joins (ADR 044): every reaction on one post, or on one comment, shows
 * as one line, whatever the emoji ("Ana and 3 others reacted to your post").
 */
export const reactionGroupKey = (subject: { postId: string } | { commentId: string }) =>
  'commentId' in subject ? `reaction:comment:${subject.commentId}` : `reaction:post:${subject.postId}`;

/** A follower's notifications share a key, so following, unfollowing and following again tells once. */
export const followGroupKey = (followerId: string) => `follow:${followerId}`;

/**
 * Tells the recipient once per actor and key: an actor who already has a notification there (a like
 * undone and redone, or one the recipient has seen) adds nothing. Call it in the action's transaction.
 */
export async function notifyOnce(
  db: DbOrTx,
  draft: NotificationDraft & { actorId: string; groupKey: string },
): Promise<void> {
  await notify(db, draft, { once: true });
}

/** An action taken back (unlike, unfollow) is not news: its unread notification goes (a read one stays). */
export async function withdrawNotification(
  db: DbOrTx,
  line: { recipientId: string; actorId: string; groupKey: string },
): Promise<void> {
  await deleteUnreadInGroup(db, line);
}
