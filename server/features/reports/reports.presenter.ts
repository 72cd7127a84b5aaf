import type { AdminReport, Report } from '../../../shared/api/reports';
import { humanDate } from '../../../shared/domain/time';
import type { reports } from '../../db/schema';
import type { AdminReportRow } from './reports.repo';

export function presentReport(row: typeof reports.$inferSelect): Report {
  return {
    id: row.id,
    post_id: row.postId,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentAdminReport(row: AdminReportRow): AdminReport {
  return {
    id: row.id,
    post_id: row.postId,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    created_at_human: humanDate(row.createdAt),
    post_tldr: row.postTldr,
    post_content: row.postContent,
    post_author_username: row.postAuthorUsername,
    group_id: row.groupId,
    group_name: row.groupName,
    reporter_id: row.reporterId,
    reporter_username: row.reporterUsername,
    resolved_at: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}
