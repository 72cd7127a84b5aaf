import { useState, type ReactNode } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Compass, Link2, LogIn, Newspaper, RefreshCw } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { APP_NAME } from '@shared/domain/constants';
import { ButtonLink } from '@web/components/button';
import { useT } from '@web/i18n/i18n';
import { VERSION_LABEL } from '@web/lib/version';
import { onDemandDialog } from '../resilience/on-demand';
import { SidebarButton, SidebarLink } from './sidebar';
import { SlideInSidebar } from './slide-in-sidebar-on-demand';
import { TopBar } from './top-bar';
import { exportOf } from '@web/app/resilience/screen-loading';

/** The sign-in dialog loads the first time it opens; reaching its button starts the load. */
const { Dialog: SignInDialog, openerProps: signInOpener } = onDemandDialog(
  exportOf(() => import('@web/features/accounts/sign-in-dialog'), 'SignInDialog'),
);

/** Visitors' frame: navbar with Sign In; sidebar with Feed, Timeline, Links, Sign In, Refresh and the version. */
export function PublicShell({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const t = useT();

  const openSignIn = () => {
    setMenuOpen(false);
    setSignInOpen(true);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar homePath="/" onOpenMenu={() => setMenuOpen(true)}>
        <ButtonLink to="/signin" size="sm" className="ms-auto">
          <LogIn className="size-4" aria-hidden="true" />
          {t('app.publicShell.signIn')}
        </ButtonLink>
      </TopBar>

      <div className="mx-auto flex w-full max-w-6xl flex-1 gap-8 px-4 sm:px-6">
        <aside
          className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-56 shrink-0 flex-col py-6 lg:flex"
          aria-label={t('app.shell.sidebar')}
        >
          <PublicSidebar onSignIn={openSignIn} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 py-6 focus:outline-none sm:py-8">
          {children ?? <Outlet />}
        </main>
      </div>

      <SlideInSidebar open={menuOpen} onOpenChange={setMenuOpen}>
        <PublicSidebar onSignIn={openSignIn} />
      </SlideInSidebar>
      <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
    </div>
  );
}

function PublicSidebar({ onSignIn }: { onSignIn: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  // Timeline stays lit on every /explore page except the published links' own.
  const onLinks = /^\/explore\/links?(\/|$)/.test(useLocation().pathname);
  return (
    <div className="flex flex-1 flex-col">
      <nav aria-label={t('app.shell.mainNav')} className="space-y-1">
        <SidebarLink to="/" icon={Newspaper}>
          {t('app.publicShell.feed')}
        </SidebarLink>
        <SidebarLink to="/explore" icon={Compass} end={onLinks}>
          {t('app.nav.timeline')}
        </SidebarLink>
        <SidebarLink to="/explore/links" icon={Link2} end={false}>
          {t('app.nav.links')}
        </SidebarLink>
        <SidebarButton icon={LogIn} onClick={onSignIn} {...signInOpener}>
          {t('app.publicShell.signIn')}
        </SidebarButton>
        <SidebarButton
          icon={RefreshCw}
          iconClassName={fetching ? 'animate-spin' : undefined}
          onClick={() => void queryClient.refetchQueries({ type: 'active' })}
        >
          {t('app.publicShell.refresh')}
        </SidebarButton>
      </nav>
      <div className="mt-auto space-y-1 px-3 pt-6 text-xs text-stone-500">
        <Link to="/privacy-policy" className="block rounded-sm hover:text-stone-800 hover:underline">
          {t('app.nav.privacyPolicy')}
        </Link>
        <p>
          {APP_NAME} <span className="font-medium text-stone-600">{VERSION_LABEL}</span>
        </p>
      </div>
    </div>
  );
}
