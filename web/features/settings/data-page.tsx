import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { PageHeader } from '@web/components/page-header';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';

/** /settings/data: the rights the privacy policy promises, a copy of everything and leaving Hearth. */
export function DataPage() {
  useDocumentTitle('Your data');
  return (
    <div>
      <PageHeader
        title="Your data"
        description="Take a copy of everything you have shared on Hearth, or delete your account."
        actions={
          <ButtonLink to="/settings" variant="outline" size="sm">
            <ArrowLeft className="size-4" aria-hidden="true" />
            My Profile
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
