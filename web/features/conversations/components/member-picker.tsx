import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import type { MentionSuggestion } from '@shared/api/mentions';
import { MENTION_QUERY_MIN } from '@shared/domain/mentions';
import { Avatar } from '@web/components/avatar';
import { Input, Label } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { initialsOf } from '@web/lib/initials';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { searchMembers } from '../api';

/** A member picked to write to: their user id and what shows of them. */
export type PickedMember = Pick<MentionSuggestion, 'profile_id' | 'name' | 'username' | 'avatar'>;

/**
 * Search members by name or username (from two characters) and pick one or several: the picked ones
 * show as chips above the field, each with a Remove button. `excluded` (the viewer, those already in
 * the conversation) are not offered. Whether each may be written to is the server's to say when the
 * conversation is made.
 */
export function MemberPicker({
  picked,
  onChange,
  excluded,
  max,
}: {
  picked: PickedMember[];
  onChange: (picked: PickedMember[]) => void;
  excluded: ReadonlySet<string>;
  /** How many may be picked at most. */
  max: number;
}) {
  const t = useT();
  const fieldId = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const searching = query.length >= MENTION_QUERY_MIN;
  const matches = useQuery({
    queryKey: ['conversations', 'member-search', query],
    queryFn: ({ signal }) => searchMembers(query, signal),
    enabled: searching,
    staleTime: 30_000,
  });
  const pickedIds = new Set(picked.map((member) => member.profile_id));
  const offered = (matches.data ?? []).filter((member) => !excluded.has(member.profile_id));
  const full = picked.length >= max;

  function toggle(member: PickedMember) {
    if (pickedIds.has(member.profile_id))
      onChange(picked.filter((other) => other.profile_id !== member.profile_id));
    else if (!full) onChange([...picked, member]);
  }

  return (
    <div className="space-y-3">
      {picked.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('conversations.picker.picked')}>
          {picked.map((member) => (
            <li
              key={member.profile_id}
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 ps-1 pe-1 text-sm text-brand-900 ring-1 ring-brand-200"
            >
              <Avatar src={member.avatar} initials={initialsOf(member.name)} size="sm" />
              <span className="max-w-40 truncate">{member.name}</span>
              <button
                type="button"
                onClick={() => toggle(member)}
                aria-label={t('conversations.picker.remove', { name: member.name })}
                className="rounded-full p-1 text-brand-700 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={fieldId}>{t('conversations.picker.search')}</Label>
        <Input
          id={fieldId}
          type="search"
          autoComplete="off"
          value={text}
          placeholder={t('conversations.picker.placeholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {full ? <p className="text-xs text-stone-500">{t('conversations.picker.full', { max })}</p> : null}
      {searching && matches.isFetching && !matches.data ? (
        <Spinner label={t('conversations.picker.searching')} />
      ) : searching && matches.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('conversations.picker.failed')}
        </p>
      ) : searching && matches.data ? (
        offered.length === 0 ? (
          <p className="text-sm text-stone-500">{t('conversations.picker.none')}</p>
        ) : (
          <ul aria-label={t('conversations.picker.results')} className="max-h-60 space-y-1 overflow-y-auto">
            {offered.map((member) => {
              const chosen = pickedIds.has(member.profile_id);
              return (
                <li key={member.profile_id}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    disabled={!chosen && full}
                    onClick={() => toggle(member)}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-start text-sm transition-colors',
                      'hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                      'disabled:opacity-50',
                      chosen && 'bg-brand-50',
                    )}
                  >
                    <Avatar src={member.avatar} initials={initialsOf(member.name)} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-stone-900">{member.name}</span>
                      <span className="block truncate text-xs text-stone-500">@{member.username}</span>
                    </span>
                    {chosen ? <Check className="size-4 text-brand-700" aria-hidden="true" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}
