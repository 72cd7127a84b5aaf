import { SquarePen } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { PostTimeline, timelinePageFetcher } from '@web/features/posts';
import { queryKeys } from '@web/lib/query-keys';
import { newPostInGroupPath } from '../paths';

/** A member's view of the group's posts (GET /api/posts?group_id={id}), drawn by the posts feature. */
export function GroupTimeline({ groupId, canPost }: { groupId: string; canPost: boolean }) {
  return (
    <section aria-labelledby="group-timeline-heading">
      <h2 id="group-timeline-heading" className="mb-3 text-lg font-semibold tracking-tight text-stone-900">
        Timeline
      </h2>
      <PostTimeline
        queryKey={queryKeys.posts.timeline(groupId)}
        fetchPage={timelinePageFetcher(groupId)}
        emptyText="No posts in this group yet"
        emptyDescription={canPost ? 'Start the conversation: share something with the group.' : undefined}
        emptyAction={
          canPost ? (
            <ButtonLink to={newPostInGroupPath(groupId)} variant="outline">
              <SquarePen className="size-4" aria-hidden="true" />
              Write the first post
            </ButtonLink>
          ) : undefined
        }
      />
    </section>
  );
}
