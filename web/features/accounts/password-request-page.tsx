import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { PasswordRequestForm } from './components/password-request-form';

export function PasswordRequestPage() {
  const t = useT();
  return (
    <>
      <AuthHeading
        title={t('accounts.passwordRequest.title')}
        tabTitle={t('accounts.passwordRequest.tabTitle')}
        description={t('accounts.passwordRequest.description')}
      />
      <PasswordRequestForm autoFocus />
      <AuthFooter>
        <TextLink to="/signin">{t('accounts.passwordRequest.backToSignIn')}</TextLink>
      </AuthFooter>
    </>
  );
}
