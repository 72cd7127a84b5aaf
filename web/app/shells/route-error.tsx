import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@web/components/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Last resort when a screen throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  console.error(error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-700 ring-1 ring-red-100">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900">Something went wrong</h1>
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
    </div>
  );
}
