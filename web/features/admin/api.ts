import type { AdminFeedback } from '@shared/api/feedback';
import type { AdminReport, ReportStatus } from '@shared/api/reports';
import { api } from '@web/lib/api-client';
import { cursorPaging } from '@web/lib/pagination';

/** Admin review calls (GET /api/admin/reports, PATCH /api/admin/reports/{id}, GET /api/admin/feedbacks). */

export const adminKeys = {
  all: ['admin'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
  feedbacks: () => ['admin', 'feedbacks'] as const,
};

export function reportsPaging(status: ReportStatus) {
  return cursorPaging<AdminReport>(api, '/admin/reports', { status });
}

export function feedbacksPaging() {
  return cursorPaging<AdminFeedback>(api, '/admin/feedbacks');
}

export async function updateReportStatus(id: string, status: ReportStatus): Promise<AdminReport> {
  return (await api.patch<AdminReport>(`/admin/reports/${encodeURIComponent(id)}`, { report: { status } }))
    .data;
}
