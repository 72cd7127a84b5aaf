import type { ReactionSummary, WhoReacted } from '../../../shared/api/reactions';
import type { ReactionEmoji } from '../../../shared/domain/reactions';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden } from '../../http/errors';
import { canCommentInGroup } from '../../policies/group-roles';
import { loadVisibleComment } from '../comments/comments.service';
import { notifyOnce, reactionGroupKey, withdrawNotification } from '../notifications/notifications.service';
import { publishReactionsChanged } from '../events/live-post';
import { loadVisiblePostScope } from '../posts/posts.service';
import { presentAuthor } from '../profiles/people';
import {
  deleteReaction,
  hasAnyReaction,
  insertReaction,
  listReactors,
  summarizeReactions,
  type ReactionSubject,
} from './reactions.repo';

/** A subject the viewer may see, with the member whose content it is (who hears of reactions). */
export interface VisibleSubject {
  subject: ReactionSubject;
  authorId: string;
  /** The post's group (null outside a group). */
  groupId: string | null;
  /** The viewer's role in that group. */
  viewerRole: Parameters<typeof canCommentInGroup>[0];
}

/**
 * The post, or the comment and its post, if the viewer may see them (the one visibility rule, blocks
 * either way included); otherwise 404, so nothing hidden leaks. Reactions follow the post's rule.
 */
export async function loadReactionSubject(
  db: DbOrTx,
  kind: ReactionSubject['kind'],
  id: string,
  viewerId: string,
): Promise<VisibleSubject> {
  if (kind === 'post') {
    const post = await loadVisiblePostScope(db, id, viewerId);
    return {
      subject: { kind: 'post', postId: post.id },
      authorId: post.userId,
      groupId: post.groupId,
      viewerRole: post.viewerRole,
    };
  }
  const { comment, post } = await loadVisibleComment(db, id, viewerId);
  return {
    subject: { kind: 'comment', postId: post.id, commentId: comment.id },
    authorId: comment.userId,
    groupId: post.groupId,
    viewerRole: post.viewerRole,
  };
}

/**
 * Gives a reaction (ADR 044). In a group every role that may like (Commentor and up) may react. The
 * author hears of it once per member and subject, whatever the emoji and however often it is redone,
 * through the one notify path (inbox, live badge, mail digest), in the reaction's transaction.
 * Answers the reactions as the viewer now sees them.
 */
export async function react(
  db: Db,
  target: VisibleSubject,
  userId: string,
  emoji: ReactionEmoji,
): Promise<ReactionSummary[]> {
  if (target.groupId !== null && !canCommentInGroup(target.viewerRole)) throw forbidden();
  const { subject } = target;
  return db.transaction(async (tx) => {
    if (await insertReaction(tx, subject, userId, emoji)) {
      await notifyOnce(tx, {
        recipientId: target.authorId,
        actorId: userId,
        kind: 'reaction',
        postId: subject.postId,
        commentId: subject.kind === 'comment' ? subject.commentId : null,
        groupKey: reactionGroupKey(subject.kind === 'comment' ? subject : { postId: subject.postId }),
      });
      await publishReactionsChanged(tx, liveSubject(subject), userId);
    }
    return summarizeReactions(tx, subject, userId);
  });
}

/**
 * Takes a reaction back. When it was the member's last one on the subject, the author's unread
 * notification of it goes too (a read one stays), as an unlike's does.
 */
export async function unreact(
  db: Db,
  target: VisibleSubject,
  userId: string,
  emoji: ReactionEmoji,
): Promise<ReactionSummary[]> {
  const { subject } = target;
  return db.transaction(async (tx) => {
    if (await deleteReaction(tx, subject, userId, emoji)) {
      if (!(await hasAnyReaction(tx, subject, userId)))
        await withdrawNotification(tx, {
          recipientId: target.authorId,
          actorId: userId,
          groupKey: reactionGroupKey(subject.kind === 'comment' ? subject : { postId: subject.postId }),
        });
      await publishReactionsChanged(tx, liveSubject(subject), userId);
    }
    return summarizeReactions(tx, subject, userId);
  });
}

/**
 * Who reacted, per emoji: the counts of `summarizeReactions` with the most recent members beside
 * them (REACTORS_SHOWN at most each). Members blocked either way are in neither.
 */
export async function whoReacted(
  db: DbOrTx,
  subject: ReactionSubject,
  viewerId: string,
): Promise<WhoReacted> {
  const [summaries, reactors] = await Promise.all([
    summarizeReactions(db, subject, viewerId),
    listReactors(db, subject, viewerId),
  ]);
  return summaries.map((summary) => ({
    ...summary,
    members: reactors.filter((row) => row.emoji === summary.emoji).map((row) => presentAuthor(row)),
  }));
}

/** The post and, for a comment's reactions, the comment: what the live event names. */
function liveSubject(subject: ReactionSubject) {
  return { postId: subject.postId, commentId: subject.kind === 'comment' ? subject.commentId : null };
}
