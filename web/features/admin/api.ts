import type { AdminMember, SiteSettings } from '@shared/api/admin-members';
import type { AdminFeedback } from '@shared/api/feedback';
import type { AdminReport, ReportStatus, ReportSummary } from '@shared/api/reports';
import { fetchMeCounts } from '@web/app/shells/me-counts';
import { api } from '@web/lib/api-client';
import { cursorPaging } from '@web/lib/pagination';

/**
 * Review calls: reports (admins, and group Owners/Moderators for their groups), feedback (admins).
 * GET /api/admin/reports, PATCH /api/admin/reports/{id}, POST /api/admin/reports/{id}/removal,
 * GET /api/reports/summary, GET /api/admin/feedbacks.
 */

export const adminKeys = {
  all: ['admin'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
  reportSummary: () => ['admin', 'report-summary'] as const,
  feedbacks: () => ['admin', 'feedbacks'] as const,
};

/**
 * Whether the member reviews reports, and how many wait (the Reports entry and its badge): asked
 * with the frame's other badges in one request (GET /api/me/counts).
 */
export async function fetchReportSummary(): Promise<ReportSummary> {
  return (await fetchMeCounts()).reports;
}

/** The summary, refreshed every minute and whenever a review changes it (adminKeys.all). */
export function reportSummaryQueryOptions() {
  return {
    queryKey: adminKeys.reportSummary(),
    queryFn: fetchReportSummary,
    staleTime: 30_000,
    refetchInterval: 60_000,
  };
}

/** Removes the reported post or comment; its author is told the reason. */
export async function removeReportedContent(id: string, reason: string): Promise<AdminReport> {
  return (
    await api.post<AdminReport>(`/admin/reports/${encodeURIComponent(id)}/removal`, { removal: { reason } })
  ).data;
}

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

/** Admin controls over inviting (GET/PATCH /api/admin/settings, GET/PATCH /api/admin/members). */
export const settingsKey = ['admin', 'settings'] as const;

export async function fetchSiteSettings(): Promise<SiteSettings> {
  return (await api.get<SiteSettings>('/admin/settings')).data;
}

export async function updateSiteSettings(settings: SiteSettings): Promise<SiteSettings> {
  return (await api.patch<SiteSettings>('/admin/settings', { settings })).data;
}

export async function findMember(username: string): Promise<AdminMember> {
  return (await api.get<AdminMember>(`/admin/members?username=${encodeURIComponent(username)}`)).data;
}

export async function setMemberCanInvite(id: string, canInvite: boolean): Promise<AdminMember> {
  return (
    await api.patch<AdminMember>(`/admin/members/${encodeURIComponent(id)}`, {
      member: { can_invite: canInvite },
    })
  ).data;
}
