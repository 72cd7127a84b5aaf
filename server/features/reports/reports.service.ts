import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { comments, posts } from '../../db/schema';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { isBlockedEitherWay } from '../../policies/visibility';
import { findBlocksBetween } from '../blocks/blocks.repo';
import { notify } from '../notifications/notify';
import { loadVisiblePost } from '../posts/posts.service';
import { findComment } from '../comments/comments.repo';
import { REPORT_TEXT } from './reports.messages';
import {
  canReportContentOf,
  canReviewReport,
  removalExcerpt,
  reviewScopeOf,
  type ReviewScope,
} from './reports.policy';
import {
  findReportForReview,
  listModeratedGroupIds,
  resolveReportsOnRemovedComment,
  resolveReportsOnRemovedMessage,
  resolveReportsOnRemovedPost,
  upsertReport,
} from './reports.repo';
import { findMessageFacts } from '../conversations/conversations.repo';
import { deleteMessageForEveryone, loadReportableMessage } from '../conversations/conversations.service';

/** The reviewer's scope, or 403 for a member who neither is an admin nor moderates a group. */
export async function requireReviewScope(
  db: DbOrTx,
  user: { id: string; isAdmin: boolean },
): Promise<ReviewScope> {
  const scope = await loadReviewScope(db, user);
  if (!scope) throw forbidden(REPORT_TEXT.notReviewer);
  return scope;
}

export async function loadReviewScope(
  db: DbOrTx,
  user: { id: string; isAdmin: boolean },
): Promise<ReviewScope | null> {
  if (user.isAdmin) return { all: true };
  return reviewScopeOf(user, await listModeratedGroupIds(db, user.id));
}

/** Report a post the member may see and did not write. */
export async function reportPost(db: DbOrTx, reporterId: string, postId: string, reason: string | null) {
  const post = await loadVisiblePost(db, postId, reporterId);
  if (!canReportContentOf(reporterId, post.userId)) throw forbidden(REPORT_TEXT.ownPost);
  return upsertReport(db, {
    subject: 'post',
    postId: post.id,
    commentId: null,
    groupId: post.groupId,
    reporterId,
    reason,
  });
}

/** Report a private message the member may read and did not write (ADR 060); admins review it. */
export async function reportMessage(db: DbOrTx, reporterId: string, messageId: string, reason: string | null) {
  const message = await loadReportableMessage(db, messageId, reporterId);
  if (!canReportContentOf(reporterId, message.senderId ?? '')) throw forbidden(REPORT_TEXT.ownMessage);
  return upsertReport(db, {
    subject: 'message',
    postId: null,
    commentId: null,
    messageId: message.id,
    groupId: null,
    reporterId,
    reason,
  });
}

/** Report a comment on a post the member may see, written by someone else (and not across a block). */
export async function reportComment(
  db: DbOrTx,
  reporterId: string,
  commentId: string,
  reason: string | null,
) {
  const comment = await findComment(db, commentId, reporterId);
  if (!comment) throw notFound();
  const post = await loadVisiblePost(db, comment.postId, reporterId);
  if (isBlockedEitherWay(await findBlocksBetween(db, reporterId, comment.userId), reporterId, comment.userId))
    throw notFound();
  if (!canReportContentOf(reporterId, comment.userId)) throw forbidden(REPORT_TEXT.ownComment);
  return upsertReport(db, {
    subject: 'comment',
    postId: post.id,
    commentId: comment.id,
    groupId: post.groupId,
    reporterId,
    reason,
  });
}

/** A report the reviewer may see, or 404 (another group's report does not exist for them). */
export async function loadReportForReview(db: DbOrTx, scope: ReviewScope, reportId: string) {
  const report = await findReportForReview(db, scope, reportId);
  if (!report || !canReviewReport(scope, report)) throw notFound();
  return report;
}

/**
 * Removes the reported post or comment: its reports are resolved and keep what was said, the
 * content is deleted, and its author is told why (`content_removed`). All in one transaction. The
 * notification names no post or comment (it would be deleted with them) and no actor: the removal
 * comes from the group's moderators, and reaches the author even if they blocked the reviewer.
 */
export async function removeReportedContent(
  db: DbOrTx,
  scope: ReviewScope,
  reviewerId: string,
  reportId: string,
  reason: string,
) {
  const report = await loadReportForReview(db, scope, reportId);
  const removal = { reviewerId, reason };
  await db.transaction(async (tx) => {
    if (report.subject === 'message') {
      // Deleted for everyone and announced, as its author would; the report keeps no copy of the
      // text (ADR 060).
      const message = report.messageId ? await findMessageFacts(tx, report.messageId) : null;
      if (!message || report.messageDeleted) throw invalidField('base', REPORT_TEXT.alreadyGone);
      await deleteMessageForEveryone(tx, message.conversationId, message.id);
      await resolveReportsOnRemovedMessage(tx, message.id, removal);
      return;
    }
    if (report.subject === 'comment') {
      if (!report.commentId) throw invalidField('base', REPORT_TEXT.alreadyGone);
      const [comment] = await tx
        .select({ id: comments.id, content: comments.content, userId: comments.userId, postTldr: posts.tldr })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(eq(comments.id, report.commentId))
        .for('update')
        .limit(1);
      if (!comment) throw invalidField('base', REPORT_TEXT.alreadyGone);
      await resolveReportsOnRemovedComment(tx, comment, removal);
      await tx.delete(comments).where(eq(comments.id, comment.id));
      await tellAuthor(tx, comment.userId, report.groupId, {
        subject: 'comment',
        reason,
        excerpt: removalExcerpt(comment.content),
      });
      return;
    }
    if (!report.postId) throw invalidField('base', REPORT_TEXT.alreadyGone);
    const [post] = await tx
      .select({ id: posts.id, tldr: posts.tldr, content: posts.content, userId: posts.userId })
      .from(posts)
      .where(eq(posts.id, report.postId))
      .for('update')
      .limit(1);
    if (!post) throw invalidField('base', REPORT_TEXT.alreadyGone);
    await resolveReportsOnRemovedPost(tx, post, removal);
    await tx.delete(posts).where(eq(posts.id, post.id));
    await tellAuthor(tx, post.userId, report.groupId, {
      subject: 'post',
      reason,
      excerpt: removalExcerpt(post.tldr),
    });
  });
  return (await findReportForReview(db, scope, reportId))!;
}

function tellAuthor(
  db: DbOrTx,
  authorId: string,
  groupId: string | null,
  data: { subject: 'post' | 'comment'; reason: string; excerpt: string },
) {
  return notify(db, { recipientId: authorId, actorId: null, kind: 'content_removed', groupId, data });
}
