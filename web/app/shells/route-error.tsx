import type { ReactNode } from 'react';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@web/components/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { isScreenLoadError } from '../resilience/screen-loading';

export const SCREEN_LOAD_TEXT = {
  title: "This page couldn't load.",
  body: 'A new version of Hearth may be available.',
  reload: 'Reload',
} as const;

/**
 * Last resort when a screen throws while rendering, or when its code could not be loaded even after
 * retrying (the server was away, or a new version replaced the old code): then reloading fetches
 * the current version.
 */
export function RouteError() {
  const error = useRouteError();
  const codeMissing = isScreenLoadError(error);
  useDocumentTitle(codeMissing ? "Page couldn't load" : 'Something went wrong');
  console.error(error);
  if (codeMissing) {
    return (
      <ErrorFrame icon={<RefreshCw className="size-7" aria-hidden="true" />} title={SCREEN_LOAD_TEXT.title}>
        <p className="mt-2 max-w-sm text-stone-600">{SCREEN_LOAD_TEXT.body}</p>
        <div className="mt-7 flex gap-3">
          <Button onClick={() => window.location.reload()}>{SCREEN_LOAD_TEXT.reload}</Button>
        </div>
      </ErrorFrame>
    );
  }
  return (
    <ErrorFrame icon={<TriangleAlert className="size-7" aria-hidden="true" />} title="Something went wrong">
      <p className="mt-2 max-w-sm text-stone-600">
        This page ran into a problem. Reloading usually helps; if it keeps happening, please let us know.
      </p>
      <div className="mt-7 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-stone-700 hover:bg-stone-100"
        >
          Go home
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
