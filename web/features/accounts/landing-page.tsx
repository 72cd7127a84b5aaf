import { APP_NAME } from '@shared/domain/constants';
import { ButtonLink } from '@web/components/button';
import { LogoMark } from '@web/components/logo';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** The welcome card of /landing (auth shell): Sign In, the public Feed (/) and Timeline (/explore). */
export function LandingPage() {
  const t = useT();
  useDocumentTitle(undefined);
  return (
    <div className="text-center">
      <LogoMark className="mx-auto mb-5 size-14 rounded-2xl shadow-md shadow-brand-900/20" />
      <h1 className="text-2xl font-semibold tracking-tight text-balance text-stone-900 sm:text-3xl">
        {t('accounts.landing.title', { app: APP_NAME })}
      </h1>
      <p className="mx-auto mt-2 max-w-sm text-pretty text-stone-600">{t('accounts.landing.description')}</p>
      <div className="mt-7 space-y-3">
        <ButtonLink to="/signin" size="lg" fullWidth>
          {t('accounts.signIn.submit')}
        </ButtonLink>
        <div className="grid grid-cols-2 gap-3">
          <ButtonLink to="/" variant="outline" size="lg">
            {t('accounts.browse.feed')}
          </ButtonLink>
          <ButtonLink to="/explore" variant="outline" size="lg">
            {t('accounts.browse.timeline')}
          </ButtonLink>
        </div>
      </div>
      <p className="mt-6 text-sm">
        <TextLink to="/invitation">{t('accounts.landing.haveInvitation')}</TextLink>
      </p>
    </div>
  );
}
