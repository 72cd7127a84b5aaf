import { queryOptions } from '@tanstack/react-query';
import type { GroupInvitation } from '@shared/api/group-invitations';
import type { GroupInvitationStatus } from '@shared/domain/constants';
import type {
  Notification,
  NotificationPreference,
  NotificationPreferences,
  UnreadCount,
  UnsubscribeInfo,
  UnsubscribeResult,
} from '@shared/api/notifications';
import { fetchMeCounts } from '@web/app/shells/me-counts';
import { api } from '@web/lib/api-client';
import { fetchCursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/notifications: one page of the Inbox, newest first. */
export function fetchNotificationPage({ after, signal }: { after: string | null; signal?: AbortSignal }) {
  return fetchCursorPage<Notification>(api, '/notifications', { after, signal });
}

/** The badge's count (from GET /api/me/counts); refreshed on focus and live events. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: async () => (await fetchMeCounts()).unread_notifications,
    refetchOnWindowFocus: 'always',
    staleTime: 30_000,
  });
}

/** POST /api/notifications/{id}/read: the item and its whole line; answers the new unread count. */
export async function markNotificationRead(id: string): Promise<number> {
  return (await api.post<UnreadCount>(`/notifications/${encodeURIComponent(id)}/read`)).data.count;
}

/** POST /api/notifications/read_all. */
export async function markAllNotificationsRead(): Promise<number> {
  return (await api.post<UnreadCount>('/notifications/read_all')).data.count;
}

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: async ({ signal }) =>
      (await api.get<NotificationPreferences>('/notification_preferences', { signal })).data.preferences,
  });
}

/** PUT /api/notification_preferences; answers every kind with its delivery. */
export async function savePreferences(preferences: NotificationPreference[]) {
  return (await api.put<NotificationPreferences>('/notification_preferences', { preferences })).data
    .preferences;
}

/** GET /api/unsubscribe?token=: what the link stops (changes nothing). */
export async function describeUnsubscribe(token: string, signal?: AbortSignal) {
  return (await api.get<UnsubscribeInfo>('/unsubscribe', { query: { token }, signal })).data;
}

/** POST /api/unsubscribe?token=: applies it. */
export async function applyUnsubscribe(token: string) {
  return (await api.post<UnsubscribeResult>(`/unsubscribe?token=${encodeURIComponent(token)}`)).data;
}

/** GET /api/group_invitations: my open invitations into groups, answered in the Inbox (ADR 041). */
export function groupInvitationsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.groups.invitations(),
    queryFn: async ({ signal }) =>
      (await api.get<GroupInvitation[] | null>('/api/group_invitations', { signal })).data ?? [],
    refetchOnWindowFocus: 'always',
  });
}

/** PATCH /api/group_invitations/{id}: accepted (I join with the invited role) or declined. */
export async function answerGroupInvitation({ id, status }: { id: string; status: GroupInvitationStatus }) {
  return (
    await api.patch<GroupInvitation>(`/api/group_invitations/${encodeURIComponent(id)}`, {
      group_invitation: { status },
    })
  ).data;
}
