import { SquarePen } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { PostTimeline, timelinePageFetcher, useNewPosts } from '@web/features/posts';
import { queryKeys } from '@web/lib/query-keys';
import { newPostInGroupPath } from '../paths';
import { UnreadNotice, useMarkGroupRead } from './group-unread';

/**
 * A member's view of the group's posts (GET /api/posts?group_id={id}), drawn by the posts feature.
 * Posts others write here while it is open are counted live; the refresh button says "N new posts"
 * and loads them (ADR 039), marking the group read (ADR 045). `unreadAtOpen` is what was unread
 * when the page opened.
 */
export function GroupTimeline({
  groupId,
  canPost,
  unreadAtOpen = 0,
}: {
  groupId: string;
  canPost: boolean;
  unreadAtOpen?: number;
}) {
  const newPosts = useNewPosts((event) => event.groupId === groupId);
  const markRead = useMarkGroupRead(groupId);
  return (
    <section aria-labelledby="group-timeline-heading">
      <h2 id="group-timeline-heading" className="mb-3 text-lg font-semibold tracking-tight text-stone-900">
        Timeline
      </h2>
      <UnreadNotice count={unreadAtOpen} />
      <PostTimeline
        queryKey={queryKeys.posts.timeline(groupId)}
        fetchPage={timelinePageFetcher(groupId)}
        newLabel={newPosts.label}
        onRefresh={() => {
          if (newPosts.count > 0) markRead.mutate();
          newPosts.clear();
        }}
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
