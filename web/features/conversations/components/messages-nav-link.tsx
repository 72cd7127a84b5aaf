import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { NavLink } from 'react-router';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { useLiveCatchUp, useLiveEvents, type LiveEvent } from '@web/lib/live-events';
import { queryKeys } from '@web/lib/query-keys';
import { messageCountsQueryOptions } from '../api';
import { MESSAGES_PATH } from '../paths';
import { badgeText } from './unread-badge';

/** The live events that change what the conversations' list and badge show. */
export function isConversationEvent(
  event: LiveEvent,
): event is Extract<LiveEvent, { conversationId: string }> {
  return (
    event.type === 'message.created' ||
    event.type === 'message.updated' ||
    event.type === 'message.deleted' ||
    event.type === 'conversation.updated'
  );
}

/** What a message or a change arriving live refreshes (and so what one missed would have). */
const TOLD = [queryKeys.conversations.counts(), queryKeys.conversations.lists()] as const;

/** The badge's words and number: unread messages, else open requests, else nothing. */
function useMessageBadge() {
  const t = useT();
  const queryClient = useQueryClient();
  const counts = useQuery(messageCountsQueryOptions());
  useLiveEvents((event) => {
    if (!isConversationEvent(event)) return;
    for (const queryKey of TOLD) void queryClient.invalidateQueries({ queryKey });
  });
  useLiveCatchUp(TOLD);
  const unread = counts.data?.unread ?? 0;
  const requests = counts.data?.requests ?? 0;
  const label =
    unread > 0
      ? t('conversations.nav.unread', { count: unread })
      : requests > 0
        ? t('conversations.nav.requests', { count: requests })
        : t('conversations.nav.label');
  return { count: unread > 0 ? unread : requests, label };
}

/**
 * The navigation's "Messages" entry (sidebar and slide-in menu), with how many messages are unread
 * (or, when none are, how many requests wait). A message or a change arriving live refreshes it and
 * the lists.
 */
export function MessagesNavLink() {
  const { count, label } = useMessageBadge();
  const t = useT();
  return (
    <NavLink
      to={MESSAGES_PATH}
      end={false}
      className={({ isActive }) =>
        cn(
          'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          isActive
            ? 'bg-brand-50 text-brand-800 hover:bg-brand-100/70'
            : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
        )
      }
    >
      <MessagesSquare className="size-[18px] shrink-0 opacity-80" aria-hidden />
      {/* One phrase for the name ("Messages, 2 unread"); the pill is for the eye. */}
      <span aria-hidden={count > 0 ? true : undefined}>{t('conversations.nav.label')}</span>
      {count > 0 ? (
        <>
          <span className="sr-only">{label}</span>
          <span
            aria-hidden="true"
            data-testid="messages-badge"
            className="ms-auto rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-on-solid"
          >
            {badgeText(count)}
          </span>
        </>
      ) : null}
    </NavLink>
  );
}

/**
 * The top bar's Messages icon on narrow screens, where the sidebar is folded away: the same badge,
 * so a new message shows without opening the menu.
 */
export function MessagesIconLink({ className }: { className?: string }) {
  const { count, label } = useMessageBadge();
  return (
    <NavLink
      to={MESSAGES_PATH}
      end={false}
      title={label}
      className={({ isActive }) => cn('relative', className, isActive && 'text-brand-700')}
    >
      <MessagesSquare className="size-5" aria-hidden />
      <span className="sr-only">{label}</span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 end-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-brand-700 px-1 text-[10px] leading-none font-semibold text-on-solid ring-2 ring-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </NavLink>
  );
}
