import { ArrowLeft } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { PageHeader } from '@web/components/page-header';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';

/** /settings/data: the rights the privacy policy promises, a copy of everything and leaving Hearth. */
export function DataPage() {
  const t = useT();
  useDocumentTitle(t('settings.data.title'));
  return (
    <div>
      <PageHeader
        title={t('settings.data.title')}
        description={t('settings.data.description')}
        actions={
          <ButtonLink to="/settings" variant="outline" size="sm">
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t('settings.profile.title')}
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
