import { Plus } from 'lucide-react';
import { MenuItem, MenuLabel, MenuLinkItem, MenuSeparator, OnDemandDropdown } from '@web/components/menu';
import { CountBadge } from '@web/features/groups/components/count-badge';
import { UnreadBadge } from '@web/features/groups/components/unread-badge';
import { groupPath, NEW_GROUP_PATH } from '../navigation';
import type { MenuOnDemandProps } from '../resilience/on-demand';
import { GroupBadge, useMemberGroups } from './group-switcher';

/** The group switcher's menu itself, loaded when it is first opened (./group-switcher.tsx). */
export function GroupSwitcherDropdown(menu: MenuOnDemandProps) {
  return (
    <OnDemandDropdown {...menu} align="start" className="w-64">
      <MenuLabel>Your groups</MenuLabel>
      <GroupItems />
      <MenuSeparator />
      <MenuLinkItem to={NEW_GROUP_PATH}>
        <Plus className="size-4 text-stone-500" aria-hidden="true" />
        New group…
      </MenuLinkItem>
    </OnDemandDropdown>
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
          <GroupBadge initials={group.avatar} picture={group.picture_url} />
          <span className="truncate">{group.name}</span>
          <UnreadBadge count={group.unread_count} />
          <CountBadge
            count={group.pending_requests_count ?? 0}
            label="requests waiting"
            className={group.unread_count ? 'ml-1' : undefined}
          />
        </MenuLinkItem>
      ))}
    </div>
  );
}
