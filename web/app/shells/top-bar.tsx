import type { ReactNode } from 'react';
import { Menu } from 'lucide-react';
import { Link } from 'react-router';
import { APP_NAME } from '@shared/domain/constants';
import { Logo } from '@web/components/logo';
import { useT } from '@web/i18n/i18n';
import { iconButtonClasses } from './icon-link';
import { slideInSidebarOpener } from './slide-in-sidebar-on-demand';

/**
 * The sticky top bar of the public and signed-in shells: the menu button (small screens), the logo
 * linking to `homePath`, then each shell's own `children`.
 */
export function TopBar({
  homePath,
  onOpenMenu,
  children,
}: {
  homePath: string;
  onOpenMenu: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <button
          type="button"
          className={`${iconButtonClasses} -ms-2 lg:hidden`}
          aria-label={t('app.shell.openMenu')}
          onClick={onOpenMenu}
          {...slideInSidebarOpener}
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
        <Link
          to={homePath}
          aria-label={t('app.shell.home', { app: APP_NAME })}
          className="rounded-lg p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Logo />
        </Link>
        {children}
      </div>
    </header>
  );
}
