import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { errorMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { securityQueryOptions } from './security-api';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** /settings/security: password, email address, two-factor sign-in and where the member is signed in. */
export function SecurityPage() {
  useDocumentTitle('Security');
  const security = useQuery(securityQueryOptions());
  return (
    <div>
      <PageHeader
        title="Security"
        description="Your password, email address, two-factor sign-in and the devices signed in to your account."
        actions={
          <ButtonLink to="/settings" variant="outline" size="sm">
            <ArrowLeft className="size-4" aria-hidden="true" />
            My Profile
          </ButtonLink>
        }
      />
      {security.isPending ? (
        <LoadingScreen label="Loading your security settings…" />
      ) : security.isError ? (
        <RetryAlert
          message={`An error has occurred: ${errorMessage(security.error)}`}
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
