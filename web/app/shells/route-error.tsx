import type { ReactNode } from 'react';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@web/components/button';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { isScreenLoadError } from '../resilience/screen-loading';

/** The message ids of the notice that a screen's code could not be loaded. */
export const SCREEN_LOAD_TEXT = {
  title: 'app.routeError.screenLoadTitle',
  body: 'app.routeError.screenLoadBody',
  reload: 'app.routeError.reload',
} as const;

/**
 * Last resort when a screen throws while rendering, or when its code could not be loaded even after
 * retrying (the server was away, or a new version replaced the old code): then reloading fetches
 * the current version.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const codeMissing = isScreenLoadError(error);
  useDocumentTitle(t(codeMissing ? 'app.routeError.screenLoadDocumentTitle' : 'app.routeError.title'));
  console.error(error);
  if (codeMissing) {
    return (
      <ErrorFrame
        icon={<RefreshCw className="size-7" aria-hidden="true" />}
        title={t(SCREEN_LOAD_TEXT.title)}
      >
        <p className="mt-2 max-w-sm text-stone-600">{t(SCREEN_LOAD_TEXT.body)}</p>
        <div className="mt-7 flex gap-3">
          <Button onClick={() => window.location.reload()}>{t(SCREEN_LOAD_TEXT.reload)}</Button>
        </div>
      </ErrorFrame>
    );
  }
  return (
    <ErrorFrame
      icon={<TriangleAlert className="size-7" aria-hidden="true" />}
      title={t('app.routeError.title')}
    >
      <p className="mt-2 max-w-sm text-stone-600">{t('app.routeError.body')}</p>
      <div className="mt-7 flex gap-3">
        <Button onClick={() => window.location.reload()}>{t('app.routeError.reloadPage')}</Button>
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          {t('app.notFound.goHome')}
        </a>
      </div>
    </ErrorFrame>
  );
}

function ErrorFrame({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-700 ring-1 ring-red-100">
        {icon}
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
      {children}
    </main>
  );
}
