import { BellOff } from 'lucide-react';
import { Link } from 'react-router';
import type { Conversation } from '@shared/api/conversations';
import { Time } from '@web/components/time';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { badgeText } from './unread-badge';
import { conversationPath } from '../paths';
import { ParticipantAvatars } from './participant-avatars';

/** What the row says of the last message: its text, that it holds files, or that there is none yet. */
function previewOf(conversation: Conversation, t: ReturnType<typeof useT>): string {
  const last = conversation.last_message;
  if (!last) return t('conversations.row.noMessages');
  const text = last.preview || t('conversations.row.files');
  return last.sender_name ? t('conversations.row.preview', { name: last.sender_name, text }) : text;
}

/**
 * One conversation in the list: its picture, title, the last message, when, how many are unread and
 * whether it is muted. The whole row is one link, named by what it shows.
 */
export function ConversationRow({
  conversation,
  viewerId,
}: {
  conversation: Conversation;
  viewerId: string | undefined;
}) {
  const t = useT();
  const unread = conversation.unread_count;
  const when = conversation.last_message_at ?? conversation.created_at;
  return (
    <li>
      <Link
        to={conversationPath(conversation.id)}
        className="flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset sm:px-5"
      >
        <ParticipantAvatars conversation={conversation} viewerId={viewerId} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span
              className={cn(
                'truncate text-[15px] text-stone-900',
                unread > 0 ? 'font-semibold' : 'font-medium',
              )}
            >
              {conversation.title}
            </span>
            {conversation.muted ? (
              <BellOff
                className="size-3.5 shrink-0 text-stone-400"
                aria-label={t('conversations.row.muted')}
                role="img"
              />
            ) : null}
            <Time value={when} className="ms-auto shrink-0 text-xs text-stone-500" />
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={cn('truncate text-sm', unread > 0 ? 'text-stone-800' : 'text-stone-500')}>
              {previewOf(conversation, t)}
            </span>
            {unread > 0 ? (
              <span className="ms-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-[11px] font-semibold text-on-solid">
                <span aria-hidden="true">{badgeText(unread)}</span>
                <span className="sr-only">{t('conversations.row.unread', { count: unread })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
