import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { Group } from '@shared/api/groups';
import {
  GROUP_NOTIFICATION_LEVELS,
  type GroupNotificationLevel,
  LARGE_GROUP_MEMBERS,
} from '@shared/domain/group-notifications';
import { Select } from '@web/components/select';
import { actionFailure } from '@web/lib/action-errors';
import { patchCachedGroup } from '../cache';
import { setNotificationLevel } from '../notifications-api';
import { t, useT } from '@web/i18n/i18n';

/** Each level's message (the English names are shared/domain/group-notifications' labels). */
const LEVEL_LABELS: Record<GroupNotificationLevel, string> = {
  all: 'groups.level.all',
  mentions: 'groups.level.mentions',
  nothing: 'groups.level.nothing',
};

function isLevel(value: string): value is GroupNotificationLevel {
  return (GROUP_NOTIFICATION_LEVELS as readonly string[]).includes(value);
}

/** "All posts (default)": the option the group's size gives a member who has not chosen. */
export function levelOptionLabel(level: GroupNotificationLevel, fallback: GroupNotificationLevel | null) {
  const label = t(LEVEL_LABELS[level]);
  return level === fallback ? t('groups.level.default', { label }) : label;
}

/**
 * The member's notification level in the group (ADR 045): a native select (the platform's picker on
 * phones, fully keyboard and screen-reader friendly) showing the level that applies, the default
 * marked. A choice is saved at once and shown optimistically; a refusal puts the old one back and
 * the action toast says so.
 */
export function NotificationLevelSelect({ group }: { group: Group }) {
  const t = useT();
  const queryClient = useQueryClient();
  const id = useId();
  const fallback = group.notification_level_default ?? null;
  const current = group.notification_level ?? fallback ?? 'all';
  const save = useMutation({
    mutationFn: setNotificationLevel,
    meta: actionFailure(t('groups.level.saveFailed')),
    onMutate: ({ level }) => {
      const previous = group.notification_level ?? null;
      patchCachedGroup(queryClient, group.id, { notification_level: level });
      return { previous };
    },
    onError: (_error, _vars, context) =>
      patchCachedGroup(queryClient, group.id, { notification_level: context?.previous ?? null }),
    onSuccess: (saved) => patchCachedGroup(queryClient, group.id, saved),
  });
  const hint =
    fallback === 'mentions'
      ? t('groups.level.hintLarge', { count: LARGE_GROUP_MEMBERS })
      : t('groups.level.hint');

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-stone-700">
        <Bell className="size-4 text-stone-500" aria-hidden="true" />
        {t('groups.level.label')}
      </label>
      <Select
        id={id}
        value={current}
        aria-describedby={`${id}-hint`}
        disabled={save.isPending}
        wrapperClassName="w-full sm:w-56"
        onChange={(event) => {
          const level = event.target.value;
          if (isLevel(level) && level !== current) save.mutate({ groupId: group.id, level });
        }}
      >
        {GROUP_NOTIFICATION_LEVELS.map((level) => (
          <option key={level} value={level}>
            {levelOptionLabel(level, fallback)}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-stone-500">
        {hint}
      </p>
    </div>
  );
}
