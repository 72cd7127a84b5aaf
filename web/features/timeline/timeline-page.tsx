import { PenLine } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { PageHeader } from '@web/components/page-header';
import { ArrivalCard } from '@web/features/groups';
import { PostTimeline, useNewPosts } from '@web/features/posts';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';

import { fetchTimelinePage } from './timeline-query';

/** /dashboard: every post the member may see, newest first (spec section 2). */
export function TimelinePage() {
  useDocumentTitle('Timeline');
  const newPosts = useNewPosts();
  return (
    <>
      <PageHeader
        title="Timeline"
        description="What's new with your people and your groups."
        actions={
          <ButtonLink to="/posts/new">
            <PenLine className="size-4" aria-hidden="true" />
            New post
          </ButtonLink>
        }
      />
      <ArrivalCard />
      <PostTimeline
        newLabel={newPosts.label}
        onRefresh={newPosts.clear}
        queryKey={queryKeys.posts.timeline()}
        fetchPage={fetchTimelinePage}
        emptyText="Your timeline is waiting for its first story"
        emptyDescription="Share what's on your mind: a thought, a question, or something you made. Your community will see it here."
        emptyAction={
          <ButtonLink to="/posts/new">
            <PenLine className="size-4" aria-hidden="true" />
            Write the first post
          </ButtonLink>
        }
      />
    </>
  );
}
