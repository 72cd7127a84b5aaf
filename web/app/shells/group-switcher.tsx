import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronsUpDown, UsersRound } from 'lucide-react';
import { useMatch } from 'react-router';
import { groupsQueryOptions, memberGroups, pendingRequestsCountQueryOptions } from '@web/features/groups/api';
import { CountBadge } from '@web/features/groups/components/count-badge';
import { useGroupUnreadLive } from '@web/features/groups/components/group-unread';
import { ApiError } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { useLiveEvents } from '@web/lib/live-events';
import { useT } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { useAuth } from '../auth/auth-context';
import { onDemandMenu } from '../resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';

/** The member's groups for the switcher (fetched only while signed in); a 401 signs the member out. */
export function useMemberGroups() {
  const { authenticated, markUnauthenticated } = useAuth();
  const query = useQuery({ ...groupsQueryOptions(), enabled: authenticated, select: memberGroups });
  const unauthorized = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (unauthorized) markUnauthenticated();
  }, [unauthorized, markUnauthenticated]);
  return query;
}

/**
 * Requests waiting in every group the member owns or moderates (0 for everyone else), refreshed
 * live when one arrives or is answered (`group.requests`) and when the tab regains focus.
 */
export function usePendingRequestsCount(): number {
  const { authenticated } = useAuth();
  const queryClient = useQueryClient();
  const groups = useMemberGroups();
  const answers = groups.data?.some((group) => group.can_answer_requests) ?? false;
  const count = useQuery({ ...pendingRequestsCountQueryOptions(), enabled: authenticated && answers });
  useLiveEvents((event) => {
    if (event.type !== 'group.requests') return;
    // Counts only: the request lists keep an answered row ("Accepted as …") until the member leaves.
    void queryClient.invalidateQueries({ queryKey: queryKeys.groups.pendingCount() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.groups.detail(event.groupId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.groups.list(), exact: true });
  }, authenticated && answers);
  return answers ? (count.data ?? 0) : 0;
}

const { Menu } = onDemandMenu(exportOf(() => import('./group-switcher-dropdown'), 'GroupSwitcherDropdown'));

/** Top-bar dropdown: the member's groups (to /group/{id}) and 'New group…', loaded when first wanted. */
export function GroupSwitcher({ className }: { className?: string }) {
  const t = useT();
  const { authenticated } = useAuth();
  const groups = useMemberGroups();
  const waiting = usePendingRequestsCount();
  const match = useMatch('/group/:id');
  const current = groups.data?.find((group) => group.id === match?.params.id);
  useGroupUnreadLive(authenticated, groups.data);
  const unread = groups.data?.some((group) => (group.unread_count ?? 0) > 0) ?? false;

  return (
    <Menu
      trigger={
        <button
          type="button"
          className={cn(
            'inline-flex h-9 max-w-52 items-center gap-2 rounded-lg border border-stone-200 bg-white px-3 text-sm',
            'font-medium text-stone-700 shadow-xs transition-colors hover:border-stone-300 hover:bg-stone-50',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=open]:bg-stone-50',
            className,
          )}
        >
          {current ? (
            <GroupBadge initials={current.avatar} />
          ) : (
            <UsersRound className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          )}
          <span className="truncate">{current ? current.name : t('app.groupSwitcher.yourGroups')}</span>
          {unread ? <NewPostsDot /> : null}
          <CountBadge count={waiting} label={t('app.groupSwitcher.requestsWaiting')} />
          <ChevronsUpDown className="size-3.5 shrink-0 text-stone-400" aria-hidden="true" />
        </button>
      }
    />
  );
}

/** The switcher's sign that a group has posts the member has not read (the menu says how many). */
function NewPostsDot() {
  const t = useT();
  return (
    <>
      <span className="sr-only">{t('app.groupSwitcher.newPosts')}</span>
      <span
        aria-hidden="true"
        data-testid="new-posts-dot"
        className="size-2 shrink-0 rounded-full bg-brand-600"
      />
    </>
  );
}

export function GroupBadge({ initials, picture = null }: { initials: string; picture?: string | null }) {
  if (picture) {
    return <img src={picture} alt="" className="size-6 shrink-0 rounded-md object-cover" />;
  }
  return (
    <span
      className="flex size-6 shrink-0 items-center justify-center rounded-md bg-brand-100 text-[10px] font-semibold text-brand-800"
      aria-hidden="true"
    >
      {initials.slice(0, 2).toUpperCase()}
    </span>
  );
}

/** The sidebar's Groups entry: how many requests wait for the member's answer. */
export function WaitingRequestsBadge() {
  const t = useT();
  return <CountBadge count={usePendingRequestsCount()} label={t('app.groupSwitcher.requestsWaiting')} />;
}
