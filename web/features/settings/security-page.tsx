import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { errorMessage } from '@web/lib/api-errors';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { securityQueryOptions } from './security-api';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** /settings/security: password, email address, two-factor sign-in and where the member is signed in. */
export function SecurityPage() {
  const t = useT();
  useDocumentTitle(t('settings.security.title'));
  const security = useQuery(securityQueryOptions());
  return (
    <div>
      <PageHeader
        title={t('settings.security.title')}
        description={t('settings.security.description')}
        actions={
          <ButtonLink to="/settings" variant="outline" size="sm">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('settings.profile.title')}
          </ButtonLink>
        }
      />
      {security.isPending ? (
        <LoadingScreen label={t('settings.security.loading')} />
      ) : security.isError ? (
        <RetryAlert
          message={t('settings.profile.loadFailed', { error: errorMessage(security.error) })}
          retrying={security.isFetching}
          onRetry={() => void security.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <PasswordSection />
          <EmailSection security={security.data} />
          <TwoFactorSection security={security.data} />
          <SessionsSection />
        </div>
      )}
    </div>
  );
}
