import { useState } from 'react';
import { MoreHorizontal, Save, UserMinus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { GroupMember } from '@shared/api/groups';
import { GROUP_ROLES, type GroupRole } from '@shared/domain/constants';
import { Avatar } from '@web/components/avatar';
import { MenuContent, MenuItem, MenuSeparator } from '@web/components/menu';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { cn } from '@web/lib/cn';
import { initialsOf } from '@web/lib/initials';
import { useT } from '@web/i18n/i18n';
import { roleLabel } from '../role-labels';

/**
 * A member on the edit screen: the role selector, and a menu with Update Role (saves the selected
 * role) and Remove. `refusal` is the server's explanation when either was refused.
 */
export function MemberRow({
  member,
  isSelf,
  busy,
  refusal,
  onUpdateRole,
  onRemove,
}: {
  member: GroupMember;
  isSelf: boolean;
  busy: boolean;
  refusal: string | null;
  onUpdateRole: (role: GroupRole) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const [role, setRole] = useState<GroupRole>(member.role);
  // A saved change (or a refetch) moves the member's role; the selector follows it.
  const [savedRole, setSavedRole] = useState(member.role);
  if (savedRole !== member.role) {
    setSavedRole(member.role);
    setRole(member.role);
  }
  const changed = role !== member.role;

  return (
    <li className="py-3.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2.5">
        <div className="flex min-w-0 flex-1 basis-52 items-center gap-3">
          <Avatar src={member.avatar} initials={initialsOf(member.name)} />
          <div className="min-w-0">
            <p className="truncate">
              <Link
                to={`/profiles/${member.user_id}`}
                className="font-medium text-stone-900 hover:underline focus-visible:underline focus-visible:outline-none"
              >
                {member.name}
              </Link>
              {isSelf ? (
                <span className="ms-1.5 text-xs font-medium text-stone-500">{t('groups.members.you')}</span>
              ) : null}
            </p>
            <p className="truncate text-sm text-stone-500">@{member.username}</p>
          </div>
        </div>
        <div className="ms-12 flex items-center gap-2 sm:ms-0">
          <Select
            aria-label={t('groups.members.roleOf', { name: member.name })}
            value={role}
            disabled={busy}
            onChange={(event) => setRole(event.target.value as GroupRole)}
            className={cn('h-9 text-sm', changed && 'border-brand-400 bg-brand-50/50')}
            wrapperClassName="w-36"
          >
            {GROUP_ROLES.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </Select>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              aria-label={t('groups.members.actionsFor', { name: member.name })}
              disabled={busy}
              className={cn(
                'relative flex size-9 items-center justify-center rounded-lg text-stone-600 transition-colors',
                'hover:bg-stone-100 hover:text-stone-900 focus-visible:ring-2 focus-visible:ring-brand-500',
                'focus-visible:outline-none disabled:opacity-60 data-[state=open]:bg-stone-100',
              )}
            >
              {busy ? <Spinner /> : <MoreHorizontal className="size-5" aria-hidden="true" />}
              {changed && !busy ? (
                <span
                  className="absolute top-1.5 end-1.5 size-2 rounded-full bg-brand-600"
                  aria-hidden="true"
                />
              ) : null}
            </DropdownMenu.Trigger>
            <MenuContent className="min-w-44">
              <MenuItem disabled={!changed} onSelect={() => onUpdateRole(role)}>
                <Save className="size-4 text-stone-500" aria-hidden="true" />
                {t('groups.members.updateRole')}
              </MenuItem>
              <MenuSeparator />
              <MenuItem
                onSelect={onRemove}
                className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800"
              >
                <UserMinus className="size-4" aria-hidden="true" />
                {t('groups.members.remove')}
              </MenuItem>
            </MenuContent>
          </DropdownMenu.Root>
        </div>
      </div>
      {changed && !refusal ? (
        <p className="mt-2 text-xs text-stone-500 sm:text-end">
          {t('groups.members.updateRoleHint', { name: member.name, role })}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-700 sm:text-end">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}
