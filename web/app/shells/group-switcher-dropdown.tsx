import { Plus } from 'lucide-react';
import { MenuItem, MenuLabel, MenuLinkItem, MenuSeparator, OnDemandDropdown } from '@web/components/menu';
import { CountBadge } from '@web/features/groups/components/count-badge';
import { UnreadBadge } from '@web/features/groups/components/unread-badge';
import { useT } from '@web/i18n/i18n';
import { groupPath, NEW_GROUP_PATH } from '../navigation';
import type { MenuOnDemandProps } from '../resilience/on-demand';
import { GroupBadge, useMemberGroups } from './group-switcher';

/** The group switcher's menu itself, loaded when it is first opened (./group-switcher.tsx). */
export function GroupSwitcherDropdown(menu: MenuOnDemandProps) {
  const t = useT();
  return (
    <OnDemandDropdown {...menu} align="start" className="w-64">
      <MenuLabel>{t('app.groupSwitcher.yourGroups')}</MenuLabel>
      <GroupItems />
      <MenuSeparator />
      <MenuLinkItem to={NEW_GROUP_PATH}>
        <Plus className="size-4 text-stone-500" aria-hidden="true" />
        {t('app.groupSwitcher.newGroup')}
      </MenuLinkItem>
    </OnDemandDropdown>
  );
}

function GroupItems() {
  const t = useT();
  const groups = useMemberGroups();
  if (groups.isPending) return <MenuItem disabled>{t('app.groupSwitcher.loading')}</MenuItem>;
  if (groups.isError) return <MenuItem disabled>{t('app.groupSwitcher.loadFailed')}</MenuItem>;
  if (groups.data.length === 0) return <MenuItem disabled>{t('app.groupSwitcher.none')}</MenuItem>;
  return (
    <div className="max-h-72 overflow-y-auto">
      {groups.data.map((group) => (
        <MenuLinkItem key={group.id} to={groupPath(group.id)}>
          <GroupBadge initials={group.avatar} picture={group.picture_url} />
          <span className="truncate">{group.name}</span>
          <UnreadBadge count={group.unread_count} />
          <CountBadge
            count={group.pending_requests_count ?? 0}
            label={t('app.groupSwitcher.requestsWaiting')}
            className={group.unread_count ? 'ms-1' : undefined}
          />
        </MenuLinkItem>
      ))}
    </div>
  );
}
