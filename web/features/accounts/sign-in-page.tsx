import { APP_NAME } from '@shared/domain/constants';
import { ButtonLink } from '@web/components/button';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { SignInForm } from './components/sign-in-form';

export function SignInPage() {
  const t = useT();
  return (
    <>
      <AuthHeading
        title={t('accounts.signInPage.title')}
        description={t('accounts.signInPage.description', { app: APP_NAME })}
        tabTitle={t('accounts.signInPage.tabTitle')}
      />
      <SignInForm
        autoFocus
        forgotPassword={
          <TextLink to="/password-request" className="text-sm">
            {t('accounts.signInPage.forgotPassword')}
          </TextLink>
        }
      />
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
        <span className="h-px flex-1 bg-stone-200" />
        {t('accounts.signInPage.browse')}
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <ButtonLink to="/" variant="outline">
          {t('accounts.browse.feed')}
        </ButtonLink>
        <ButtonLink to="/explore" variant="outline">
          {t('accounts.browse.timeline')}
        </ButtonLink>
      </div>
      <AuthFooter>
        <Message id="accounts.signInPage.footer" components={{ link: <TextLink to="/invitation" /> }} />
      </AuthFooter>
    </>
  );
}
