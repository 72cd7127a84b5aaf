import type { AdminReport } from '@shared/api/reports';
import { testId } from '@web/test/ids';

/** Test data for the admin screens' tests (not imported by the app). */

/** An open report of a spam post in the Garden Club, as GET /api/admin/reports lists it. */
export function anAdminReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    id: testId('report:r1'),
    subject: 'post',
    post_id: testId('post:spam'),
    comment_id: null,
    reason: 'Spam link',
    status: 'open',
    created_at: '2026-03-22T10:00:00Z',
    created_at_human: 'March 22, 2026 at 10:00 AM UTC',
    post_tldr: 'Cheap watches',
    post_content: 'Buy now at a **very** suspicious address.',
    comment_content: null,
    author_id: '20000000-0000-4000-8000-000000000004',
    author_username: 'spammer',
    post_author_username: 'spammer',
    group_id: '10000000-0000-4000-8000-000000000001',
    group_name: 'Garden Club',
    reporter_id: testId('user:ada'),
    reporter_username: 'ada',
    resolved_at: null,
    removal_reason: null,
    content_removed: false,
    ...overrides,
  };
}
