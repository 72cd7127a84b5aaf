import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group } from '@shared/api/groups';
import { unreadLabel } from '@shared/domain/group-notifications';
import { Alert } from '@web/components/alert';
import { useLiveEvents } from '@web/lib/live-events';
import { queryKeys } from '@web/lib/query-keys';
import { patchCachedGroup } from '../cache';
import { markGroupRead } from '../notifications-api';
import { useT } from '@web/i18n/i18n';

/**
 * Marks the group read up to now (ADR 045) and puts its answer (unread 0) wherever the group is
 * cached, so the switcher's and the groups list's badges clear at once. A failure only leaves the
 * count for the next visit: it is logged, not shown.
 */
export function useMarkGroupRead(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markGroupRead(groupId),
    onSuccess: (group) => patchCachedGroup(queryClient, groupId, group),
    onError: (error) => console.error('Marking the group read failed', error),
  });
}

/**
 * What was unread when the member opened the group page (kept for the notice while they stay), and
 * the mark set at once: the timeline below shows those posts newest first. Only when something was
 * unread, so an ordinary visit writes nothing.
 */
export function useUnreadOnOpen(group: Group): number {
  const [atOpen] = useState(() => (group.is_member ? (group.unread_count ?? 0) : 0));
  const mark = useMarkGroupRead(group.id);
  const { mutate } = mark;
  useEffect(() => {
    if (atOpen > 0) mutate();
  }, [atOpen, mutate]);
  return atOpen;
}

/** "3 new posts since your last visit" above the group's timeline (they are its first cards). */
export function UnreadNotice({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <Alert variant="info" className="mb-3">
      {t('groups.unread.notice', { count, shown: unreadLabel(count) })}
    </Alert>
  );
}

/**
 * Keeps the member's groups' unread counts current while the app is open: a post in one of their
 * groups (the live stream sends only posts they may see) refetches the switcher's list and that
 * group's page data. Mount once, in the frame.
 */
export function useGroupUnreadLive(enabled: boolean, groups: readonly Group[] | undefined) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type !== 'post.created' || !event.groupId) return;
    if (!groups?.some((group) => group.id === event.groupId)) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.groups.list() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.groups.detail(event.groupId) });
  }, enabled);
}
