import type { AdminReport, HiddenPost, Report, ReportedMessage } from '../../../shared/api/reports';
import { humanDate } from '../../../shared/domain/time';
import type { reports } from '../../db/schema';
import { presentAuthor } from '../profiles/people';
import type { IgnoredPostRow } from './ignores.repo';
import type { AdminReportRow } from './reports.repo';

export function presentReport(row: typeof reports.$inferSelect): Report {
  return {
    id: row.id,
    subject: row.subject,
    post_id: row.postId,
    comment_id: row.commentId,
    message_id: row.messageId,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A report for its reviewer: the live content, or what was kept when a reviewer removed it. A
 * message report carries `messageContext` (the message and its neighbours, decrypted by the
 * caller); its text is never kept in the report itself.
 */
export function presentAdminReport(row: AdminReportRow, messageContext?: ReportedMessage[]): AdminReport {
  const live = {
    comment: row.commentContent !== null,
    message: row.messageId !== null && !row.messageDeleted,
    post: row.postTldr !== null,
  }[row.subject];
  return {
    ...(row.subject === 'message' ? { message_context: messageContext ?? [] } : {}),
    id: row.id,
    subject: row.subject,
    post_id: row.postId,
    comment_id: row.commentId,
    message_id: row.messageId,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    created_at_human: humanDate(row.createdAt),
    post_tldr: row.postTldr ?? row.removedTitle ?? '',
    post_content:
      row.subject === 'post' ? (row.postContent ?? row.removedContent ?? '') : (row.postContent ?? ''),
    comment_content: row.subject === 'comment' ? (row.commentContent ?? row.removedContent ?? '') : null,
    author_id: live ? row.authorId : null,
    author_username: live ? row.authorUsername : null,
    post_author_username: (live ? row.authorUsername : null) ?? '',
    group_id: row.groupId,
    group_name: row.groupName,
    reporter_id: row.reporterId,
    reporter_username: row.reporterUsername,
    resolved_at: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    removal_reason: row.removalReason,
    content_removed: !live,
  };
}

export function presentHiddenPost(row: IgnoredPostRow): HiddenPost {
  const { name, username, avatar, profile_id } = presentAuthor(row);
  return {
    post_id: row.id,
    tldr: row.tldr,
    username,
    name,
    avatar,
    profile_id,
    group_id: row.groupId,
    group_name: row.groupName,
    ignored_at: row.createdAt.toISOString(),
  };
}
