import { Keyboard, LogOut } from 'lucide-react';
import { Avatar } from '@web/components/avatar';
import { useT } from '@web/i18n/i18n';
import { MenuItem, MenuLinkItem, MenuSeparator, OnDemandDropdown } from '@web/components/menu';
import { useAuth } from '../auth/auth-context';
import { HELP_KEY, setShortcutHelpOpen } from '../keyboard-shortcuts';
import { accountEntries } from '../navigation';
import type { MenuOnDemandProps } from '../resilience/on-demand';
import { ThemeMenuItems } from './theme-menu-items';

/**
 * The avatar menu itself: My profile, Invitations, Privacy policy, Share feedback, Keyboard
 * shortcuts, Appearance, Sign out. Loaded when it is first opened (./account-menu.tsx).
 */
export function AccountMenuDropdown(menu: MenuOnDemandProps) {
  const { user, avatar, initials, signOut } = useAuth();
  const t = useT();
  return (
    <OnDemandDropdown {...menu}>
      {user ? (
        <div className="flex items-center gap-3 px-2.5 pt-2 pb-2.5">
          <Avatar src={avatar} initials={initials} />
          <div className="min-w-0">
            <p className="truncate font-medium text-stone-900">{user.name}</p>
            <p className="truncate text-xs text-stone-500">@{user.username}</p>
          </div>
        </div>
      ) : null}
      <MenuSeparator />
      {accountEntries(user).map(({ label, to, icon: Icon }) => (
        <MenuLinkItem key={to} to={to}>
          <Icon className="size-4 text-stone-500" aria-hidden="true" />
          {t(label)}
        </MenuLinkItem>
      ))}
      <MenuItem aria-keyshortcuts={HELP_KEY} onSelect={() => setShortcutHelpOpen(true)}>
        <Keyboard className="size-4 text-stone-500" aria-hidden="true" />
        {t('app.accountMenu.keyboardShortcuts')}
        <kbd className="ms-auto rounded border border-stone-300 px-1.5 font-mono text-xs text-stone-500">
          {HELP_KEY}
        </kbd>
      </MenuItem>
      <MenuSeparator />
      <ThemeMenuItems />
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut()}>
        <LogOut className="size-4 text-stone-500" aria-hidden="true" />
        {t('app.accountMenu.signOut')}
      </MenuItem>
    </OnDemandDropdown>
  );
}
