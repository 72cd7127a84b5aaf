import { PageHeader } from '@web/components/page-header';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PublishedTimeline } from './components/published-timeline';

/** /explore: every published post, newest first (spec section 2, "Published timeline"). */
export function ExplorePage() {
  useDocumentTitle('Published posts');
  return (
    <>
      <PageHeader title="Published posts" description="What Hearth's members have shared with everyone." />
      <PublishedTimeline />
    </>
  );
}
