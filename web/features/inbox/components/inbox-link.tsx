import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { NavLink } from 'react-router';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { useLiveCatchUp, useLiveEvents } from '@web/lib/live-events';
import { queryKeys } from '@web/lib/query-keys';
import { unreadCountQueryOptions } from '../api';
import { INBOX_PATH } from '../paths';

/** "9+" above nine: the badge stays one small circle. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/**
 * The top bar's Inbox icon with its unread badge. A notification arriving on the live stream, or
 * the tab coming back into focus, refreshes the count (and the Inbox list and its group
 * invitations, if open).
 */
/** What a notification arriving live refreshes, and so what is fetched again if one may have been missed. */
const NOTIFIED = [queryKeys.notifications.all, queryKeys.groups.invitations()] as const;

export function InboxLink({ className }: { className?: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQueryOptions());
  useLiveEvents((event) => {
    // It may be an invitation into a group, answered at the top of the Inbox.
    if (event.type === 'notification.created')
      for (const queryKey of NOTIFIED) void queryClient.invalidateQueries({ queryKey });
  });
  useLiveCatchUp(NOTIFIED);
  const count = unread.data ?? 0;
  const label = count > 0 ? t('inbox.badge.unread', { count }) : t('inbox.list.title');
  return (
    <NavLink
      to={INBOX_PATH}
      title={label}
      className={({ isActive }) => cn('relative', className, isActive && 'text-brand-700')}
    >
      <Inbox className="size-5" aria-hidden />
      {/* The name is this text, not an aria-label: the badge may show "9+" while the name says 12. */}
      <span className="sr-only">{label}</span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="inbox-badge"
          className="absolute top-1 end-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-brand-700 px-1 text-[10px] leading-none font-semibold text-on-solid ring-2 ring-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </NavLink>
  );
}
