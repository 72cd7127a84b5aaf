import { type ReactNode, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Plus, Search } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { Avatar } from '@web/components/avatar';
import { buttonClasses } from '@web/components/button';
import { MessagesIconLink, MessagesNavLink } from '@web/features/conversations';
import { groupsQueryOptions } from '@web/features/groups/api';
import { InboxLink } from '@web/features/inbox';
import { ReportsNavLink } from '@web/features/admin/reports-nav-link';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { useMediaQuery } from '@web/lib/use-media-query';
import { useAuth } from '../auth/auth-context';
import { KeyboardShortcuts } from '../keyboard-shortcuts';
import {
  accountEntries,
  groupPath,
  HOME_PATH,
  NAV_ENTRIES,
  NEW_GROUP_PATH,
  SEARCH_PATH,
} from '../navigation';
import { AccountMenu } from './account-menu';
import { useFrameMenu } from './frame-menus';
import { GroupBadge, GroupSwitcher, useMemberGroups, WaitingRequestsBadge } from './group-switcher';
import { IconLink, iconButtonClasses } from './icon-link';
import { SidebarButton, SidebarHeading, SidebarLink } from './sidebar';
import { SlideInSidebar } from './slide-in-sidebar-on-demand';
import { TopBar } from './top-bar';

/** Tailwind's `sm` and `lg` breakpoints, where the group switcher and the sidebar show. */
const SMALL_UP = '(min-width: 40rem)';
const LARGE_UP = '(min-width: 64rem)';

/**
 * Members' frame: top bar (menu on small screens, logo, group switcher, search, inbox, avatar menu),
 * the navigation entries in a sidebar on wide screens and in a slide-in sidebar on small ones.
 * What a phone never shows (the top bar's group switcher, the wide sidebar) is not drawn there at
 * all: hidden by CSS it still cost the first screen its renders and its late data's re-renders
 * (ADR 062). It appears as soon as the window is wide enough.
 */
export function SignedInShell({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useFrameMenu('sidebar');
  const t = useT();
  const small = useMediaQuery(SMALL_UP);
  const large = useMediaQuery(LARGE_UP);
  const queryClient = useQueryClient();
  const { authenticated } = useAuth();
  useEffect(() => {
    // Where only the slide-in sidebar lists the groups, they are in by the time it opens (the
    // query itself waits for the first screen), with no render of a hidden list meanwhile.
    if (!large && authenticated) void queryClient.prefetchQuery(groupsQueryOptions());
  }, [large, authenticated, queryClient]);

  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar homePath={HOME_PATH} onOpenMenu={() => setMenuOpen(true)}>
        {small ? (
          <div className="ms-3 hidden min-w-0 sm:block">
            <GroupSwitcher />
          </div>
        ) : null}
        <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
          <IconLink to={SEARCH_PATH} label={t('app.shell.search')} icon={Search} />
          {/* The sidebar's Messages entry is folded away on narrow screens: its badge shows here. */}
          <MessagesIconLink className={cn(iconButtonClasses, 'lg:hidden')} />
          <InboxLink className={iconButtonClasses} />
          <div className="ms-1">
            <AccountMenu />
          </div>
        </div>
      </TopBar>

      <div className="mx-auto flex w-full max-w-6xl flex-1 gap-8 px-4 sm:px-6">
        {large ? (
          <aside
            className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-56 shrink-0 py-6 lg:block"
            aria-label={t('app.shell.sidebar')}
          >
            <MainNav />
          </aside>
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 py-6 focus:outline-none sm:py-8">
          <div className="mx-auto max-w-3xl">{children ?? <Outlet />}</div>
        </main>
      </div>

      <SlideInSidebar open={menuOpen} onOpenChange={setMenuOpen}>
        <MainNav />
        <SidebarGroups />
        <SidebarAccount />
      </SlideInSidebar>
      <KeyboardShortcuts />
    </div>
  );
}

/** The navigation entries; Post stands out as the primary action. */
function MainNav() {
  const t = useT();
  const [post, ...rest] = NAV_ENTRIES;
  const { user } = useAuth();
  const groups = useMemberGroups();
  const mayReview =
    Boolean(user?.is_admin) ||
    Boolean(groups.data?.some((g) => g.role === 'Owner' || g.role === 'Moderator'));
  return (
    <nav aria-label={t('app.shell.mainNav')} className="space-y-1">
      {post ? (
        <NavLink
          to={post.to}
          className={({ isActive }) =>
            cn(
              buttonClasses({ fullWidth: true, className: 'mb-3 justify-start gap-3 px-3' }),
              isActive && 'bg-brand-800',
            )
          }
        >
          <post.icon className="size-[18px]" aria-hidden="true" />
          {t(post.label)}
        </NavLink>
      ) : null}
      {rest.map(({ label, to, icon }) => (
        <SidebarLink key={to} to={to} icon={icon} badge={to === '/groups' ? <WaitingRequestsBadge /> : null}>
          {t(label)}
        </SidebarLink>
      ))}
      <MessagesNavLink />
      <ReportsNavLink mayReview={mayReview} />
    </nav>
  );
}

function SidebarGroups() {
  const t = useT();
  const groups = useMemberGroups();
  return (
    <div aria-label={t('app.groupSwitcher.yourGroups')} role="group">
      <SidebarHeading>{t('app.groupSwitcher.yourGroups')}</SidebarHeading>
      <div className="space-y-1">
        {groups.data?.map((group) => (
          <SidebarLink
            key={group.id}
            to={groupPath(group.id)}
            leading={<GroupBadge initials={group.avatar} picture={group.picture_url} />}
          >
            <span className="truncate">{group.name}</span>
          </SidebarLink>
        ))}
        <SidebarLink to={NEW_GROUP_PATH} icon={Plus}>
          {t('app.groupSwitcher.newGroup')}
        </SidebarLink>
      </div>
    </div>
  );
}

function SidebarAccount() {
  const t = useT();
  const { user, avatar, initials, signOut } = useAuth();
  return (
    <div role="group" aria-label={t('app.shell.account')}>
      <SidebarHeading>{t('app.shell.account')}</SidebarHeading>
      <div className="space-y-1">
        {user ? (
          <div className="flex items-center gap-3 px-3 py-2">
            <Avatar src={avatar} initials={initials} size="sm" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-stone-900">{user.name}</p>
              <p className="truncate text-xs text-stone-500">@{user.username}</p>
            </div>
          </div>
        ) : null}
        {accountEntries(user).map(({ label, to, icon }) => (
          <SidebarLink key={to} to={to} icon={icon}>
            {t(label)}
          </SidebarLink>
        ))}
        <SidebarButton icon={LogOut} onClick={() => void signOut()}>
          {t('app.accountMenu.signOut')}
        </SidebarButton>
      </div>
    </div>
  );
}
