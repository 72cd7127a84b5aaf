import { Compass } from 'lucide-react';
import { useLocation } from 'react-router';
import { ButtonLink } from '@web/components/button';
import { Message } from '@web/i18n/message';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';

/**
 * Shown for any address without a screen, inside the shell the address belongs to; `homeLabel` is
 * the message id of the way back.
 */
export function NotFound({ homeTo, homeLabel }: { homeTo: string; homeLabel: string }) {
  const t = useT();
  useDocumentTitle(t('app.notFound.title'));
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-stone-900">{t('app.notFound.title')}</h1>
      <p className="mt-2 max-w-sm text-stone-600">
        <Message
          id="app.notFound.body"
          values={{ pathname }}
          components={{ path: <span className="font-mono text-sm break-all text-stone-800" /> }}
        />
      </p>
      <ButtonLink to={homeTo} className="mt-7">
        {t(homeLabel)}
      </ButtonLink>
    </div>
  );
}
