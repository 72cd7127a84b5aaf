import type { AdminMember, SiteSettings } from '@shared/api/admin-members';
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
