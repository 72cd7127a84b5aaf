import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronsUpDown, Plus, UsersRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useMatch } from 'react-router';
import { MenuContent, MenuItem, MenuLabel, MenuLinkItem, MenuSeparator } from '@web/components/menu';
import { groupsQueryOptions, memberGroups } from '@web/features/groups/api';
import { ApiError } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { useAuth } from '../auth/auth-context';
import { groupPath, NEW_GROUP_PATH } from '../navigation';

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

/** Top-bar dropdown: the member's groups (to /group/{id}) and 'New group…'. */
export function GroupSwitcher({ className }: { className?: string }) {
  const groups = useMemberGroups();
  const match = useMatch('/group/:id');
  const current = groups.data?.find((group) => group.id === match?.params.id);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
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
        <span className="truncate">{current ? current.name : 'Your groups'}</span>
        <ChevronsUpDown className="size-3.5 shrink-0 text-stone-400" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <MenuContent align="start" className="w-64">
        <MenuLabel>Your groups</MenuLabel>
        <GroupItems />
        <MenuSeparator />
        <MenuLinkItem to={NEW_GROUP_PATH}>
          <Plus className="size-4 text-stone-500" aria-hidden="true" />
          New group…
        </MenuLinkItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function GroupItems() {
  const groups = useMemberGroups();
  if (groups.isPending) return <MenuItem disabled>Loading groups…</MenuItem>;
  if (groups.isError) return <MenuItem disabled>Couldn't load your groups</MenuItem>;
  if (groups.data.length === 0) return <MenuItem disabled>You haven't joined a group yet</MenuItem>;
  return (
    <div className="max-h-72 overflow-y-auto">
      {groups.data.map((group) => (
        <MenuLinkItem key={group.id} to={groupPath(group.id)}>
          <GroupBadge initials={group.avatar} />
          <span className="truncate">{group.name}</span>
        </MenuLinkItem>
      ))}
    </div>
  );
}

export function GroupBadge({ initials }: { initials: string }) {
  return (
    <span
      className="flex size-6 shrink-0 items-center justify-center rounded-md bg-brand-100 text-[10px] font-semibold text-brand-800"
      aria-hidden="true"
    >
      {initials.slice(0, 2).toUpperCase()}
    </span>
  );
}
