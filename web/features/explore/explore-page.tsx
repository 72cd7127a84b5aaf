import { PageHeader } from '@web/components/page-header';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PublishedTimeline } from './components/published-timeline';

/** /explore: every published post, newest first (spec section 2, "Published timeline"). */
export function ExplorePage() {
  const t = useT();
  useDocumentTitle(t('explore.page.title'));
  return (
    <>
      <PageHeader title={t('explore.page.title')} description={t('explore.page.description')} />
      <PublishedTimeline />
    </>
  );
}
