import { Bell } from 'lucide-react';
import type { Notification } from '@shared/api/notifications';
import { Avatar } from '@web/components/avatar';
import { cn } from '@web/lib/cn';
import { initialsOf } from '@web/lib/initials';
import { useT } from '@web/i18n/i18n';
import { notificationText } from '../notification-text';
import { Time } from '@web/components/time';

/**
 * One line of the Inbox: who (or Hearth's bell), the sentence, how long ago, and a dot while unread.
 * The whole line is one button that opens the item; its name is the sentence the member reads.
 */
export function NotificationRow({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const t = useT();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-start transition-colors hover:bg-stone-50',
          'focus-visible:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500',
          !item.read && 'bg-brand-50/60',
        )}
      >
        {item.actor ? (
          <Avatar src={item.actor.avatar} initials={initialsOf(item.actor.name)} size="md" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600"
          >
            <Bell className="size-4" aria-hidden />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span
            className={cn(
              'block text-sm break-words text-stone-800',
              !item.read && 'font-medium text-stone-900',
            )}
          >
            {notificationText(item)}
          </span>
          <Time value={item.created_at} className="mt-0.5 block text-xs text-stone-500" />
        </span>
        {item.read ? null : (
          <span className="mt-1.5 flex shrink-0 items-center">
            <span className="size-2.5 rounded-full bg-brand-600" aria-hidden="true" />
            <span className="sr-only">{t('inbox.list.unread')}</span>
          </span>
        )}
      </button>
    </li>
  );
}
