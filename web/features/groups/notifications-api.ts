import type { Group } from '@shared/api/groups';
import type { GroupNotificationLevel } from '@shared/domain/group-notifications';
import { api } from '@web/lib/api-client';

/** Knowing when a group speaks (ADR 045): my level in a group, and my read mark. */

/** PUT /api/groups/{id}/notification_level; answers the group as I now see it. */
export async function setNotificationLevel({
  groupId,
  level,
}: {
  groupId: string;
  level: GroupNotificationLevel | null;
}): Promise<Group> {
  return (
    await api.put<Group>(`/api/groups/${encodeURIComponent(groupId)}/notification_level`, {
      notification_level: { level },
    })
  ).data;
}

/** POST /api/groups/{id}/read: I have seen the group's newest posts; answers the group (unread 0). */
export async function markGroupRead(groupId: string): Promise<Group> {
  return (await api.post<Group>(`/api/groups/${encodeURIComponent(groupId)}/read`)).data;
}
