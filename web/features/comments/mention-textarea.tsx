import { useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MentionSuggestion } from '@shared/api/mentions';
import { MENTION_QUERY_MIN, mentionAtCaret } from '@shared/domain/mentions';
import { Avatar } from '@web/components/avatar';
import { Textarea } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { initialsOf } from '@web/lib/initials';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { fetchMentionSuggestions } from './api';

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange'>;

/**
 * A textarea that offers members to @mention while typing (GET /api/mentions, from two characters):
 * a listbox that follows the arrow keys; Enter or Tab picks, Escape closes, and the caret
 * lands after the inserted `@username `. In a group (`groupId`) only the group's members are offered.
 * Keys the list does not use go to the caller's `onKeyDown` (Ctrl+Enter to send, Escape to cancel).
 */
export function MentionTextarea({
  value,
  onValueChange,
  groupId,
  onKeyDown,
  textareaRef,
  ...props
}: TextareaProps & {
  value: string;
  onValueChange: (value: string) => void;
  groupId?: string | null;
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const t = useT();
  const listId = useId();
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = textareaRef ?? ownRef;
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const typing = caret === null ? null : mentionAtCaret(value, caret);
  const query = useDebouncedValue(
    typing && typing.query.length >= MENTION_QUERY_MIN ? typing.query : '',
    150,
  );
  const suggestions = useQuery({
    queryKey: ['mentions', groupId ?? 'all', query.toLowerCase()],
    queryFn: ({ signal }) => fetchMentionSuggestions(query, groupId, signal),
    enabled: query.length >= MENTION_QUERY_MIN,
    staleTime: 30_000,
  });
  const options =
    typing && query && typing.query.toLowerCase().startsWith(query.toLowerCase())
      ? (suggestions.data ?? [])
      : [];
  const open = options.length > 0 && dismissedAt !== typing?.start;
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  function trackCaret() {
    setCaret(ref.current?.selectionStart ?? null);
  }

  function pick(member: MentionSuggestion) {
    if (!typing || caret === null) return;
    const inserted = `@${member.username} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(caret);
    const position = typing.start + inserted.length;
    onValueChange(next);
    setCaret(position);
    setActive(0);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(position, position);
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(options[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(typing?.start ?? null);
        return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={ref}
        value={value}
        // A textarea may take no other role than its own textbox (ARIA in HTML), and a textbox
        // carries no aria-expanded: it names the list it fills and the option the arrows are on.
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={trackCaret}
        onClick={trackCaret}
        onBlur={() => setCaret(null)}
        onKeyDown={handleKeyDown}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('comments.mentions.label')}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-stone-200 bg-white p-1 shadow-lg shadow-stone-900/10 sm:end-auto sm:min-w-72"
        >
          {options.map((member, index) => (
            <li
              key={member.profile_id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps the focus (and the caret) in the textarea.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm',
                index === activeIndex ? 'bg-brand-50 text-brand-900' : 'text-stone-800',
              )}
            >
              <Avatar src={member.avatar} initials={initialsOf(member.name)} size="sm" />
              <span className="min-w-0 truncate">
                <span className="font-medium">{member.name}</span>{' '}
                <span className="text-stone-500">@{member.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
