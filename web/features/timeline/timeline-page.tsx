import { PenLine } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { PageHeader } from '@web/components/page-header';
import { ArrivalCard } from '@web/features/groups';
import { PostTimeline, useNewPosts } from '@web/features/posts';
import { useT } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';

import { fetchTimelinePage } from './timeline-query';

/** /dashboard: every post the member may see, newest first (spec section 2). */
export function TimelinePage() {
  const t = useT();
  useDocumentTitle(t('timeline.page.title'));
  const newPosts = useNewPosts();
  return (
    <>
      <PageHeader
        title={t('timeline.page.title')}
        description={t('timeline.page.description')}
        actions={
          <ButtonLink to="/posts/new">
            <PenLine className="size-4" aria-hidden="true" />
            {t('timeline.page.newPost')}
          </ButtonLink>
        }
      />
      <ArrivalCard />
      <PostTimeline
        newLabel={newPosts.label}
        onRefresh={newPosts.clear}
        queryKey={queryKeys.posts.timeline()}
        fetchPage={fetchTimelinePage}
        emptyText={t('timeline.page.emptyTitle')}
        emptyDescription={t('timeline.page.emptyDescription')}
        emptyAction={
          <ButtonLink to="/posts/new">
            <PenLine className="size-4" aria-hidden="true" />
            {t('timeline.page.writeFirst')}
          </ButtonLink>
        }
      />
    </>
  );
}
