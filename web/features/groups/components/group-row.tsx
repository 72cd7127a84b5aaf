import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Group } from '@shared/api/groups';
import { groupPath } from '../paths';
import { GroupAvatar } from './group-avatar';
import { JoinGroupButton } from './join-group-button';
import { RoleBadge } from './membership-badge';
import { UnreadBadge } from './unread-badge';
import { useT } from '@web/i18n/i18n';

/** One group in the list: avatar, name, member count and my membership (role, pending, or Join Group). */
export function GroupRow({ group }: { group: Group }) {
  const t = useT();
  return (
    <li className="group/row relative flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-stone-50/80 sm:gap-4 sm:px-5">
      <GroupAvatar id={group.id} initials={group.avatar} picture={group.picture_url} />
      <div className="min-w-0 flex-1">
        {/* The whole row opens the group; the membership control sits above the link. */}
        <Link
          to={groupPath(group.id)}
          className="line-clamp-2 font-medium break-words text-stone-900 after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:rounded-lg after:focus-visible:ring-2 after:focus-visible:ring-brand-500 after:focus-visible:ring-inset"
        >
          {group.name}
        </Link>
        <p className="text-sm text-stone-500">{t('groups.members.count', { count: group.members_count })}</p>
        {group.description ? (
          <p className="mt-0.5 line-clamp-1 text-sm break-words text-stone-600">{group.description}</p>
        ) : null}
      </div>
      <div className="relative z-10 flex shrink-0 items-center gap-2">
        <UnreadBadge count={group.unread_count} className="ms-0" />
        {group.role ? <RoleBadge role={group.role} /> : <JoinGroupButton group={group} size="sm" />}
      </div>
      {group.role ? (
        <ChevronRight
          className="size-4 shrink-0 text-stone-300 transition-colors group-hover/row:text-stone-500 rtl:-scale-x-100"
          aria-hidden="true"
        />
      ) : null}
    </li>
  );
}
