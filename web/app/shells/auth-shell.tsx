import { Link, Outlet, useLocation } from 'react-router';
import { APP_NAME } from '@shared/domain/constants';
import { Card } from '@web/components/card';
import { Logo } from '@web/components/logo';
import { useT } from '@web/i18n/i18n';
import { sendsMembersHome } from '@web/lib/auth-paths';
import { useAuth } from '../auth/auth-context';
import { MemberFrameLoading } from './member-frame-loading';

/**
 * The account screens: logo and product name over a narrow centred card. Every part sits in a landmark
 * (banner, main, contentinfo), so a screen reader can jump between them as in the other shells.
 * At /signin a browser that was signed in sees the members' frame while its session is checked
 * (a member goes on to the Timeline; anyone else then gets the form).
 */
export function AuthShell() {
  const { memberExpected } = useAuth();
  const { pathname } = useLocation();
  const t = useT();
  if (memberExpected && sendsMembersHome(pathname)) return <MemberFrameLoading />;
  return (
    <div className="flex min-h-dvh flex-col items-center bg-linear-to-b from-brand-50 via-stone-50 to-stone-100 px-4 py-8 sm:py-14">
      <header>
        <Link
          to="/"
          aria-label={t('app.shell.home', { app: APP_NAME })}
          className="block rounded-lg p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Logo markClassName="size-9" className="[&>span]:text-xl" />
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="mt-6 w-full max-w-md focus:outline-none sm:mt-8">
        <Card className="px-5 py-7 sm:px-8 sm:py-9">
          <Outlet />
        </Card>
      </main>
      <footer className="mt-8 flex items-center gap-3 text-xs text-stone-500">
        <Link
          to="/privacy-policy"
          className="rounded-sm hover:text-stone-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {t('app.nav.privacyPolicy')}
        </Link>
        <span aria-hidden="true">·</span>
        <span>{t('app.authShell.community', { app: APP_NAME })}</span>
      </footer>
    </div>
  );
}
