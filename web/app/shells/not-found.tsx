import { Compass } from 'lucide-react';
import { useLocation } from 'react-router';
import { ButtonLink } from '@web/components/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Shown for any address without a screen, inside the shell the address belongs to. */
export function NotFound({ homeTo, homeLabel }: { homeTo: string; homeLabel: string }) {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-stone-900">Page not found</h1>
      <p className="mt-2 max-w-sm text-stone-600">
        There's nothing at <span className="font-mono text-sm break-all text-stone-800">{pathname}</span>. It
        may have moved, or the link may be mistyped.
      </p>
      <ButtonLink to={homeTo} className="mt-7">
        {homeLabel}
      </ButtonLink>
    </div>
  );
}
