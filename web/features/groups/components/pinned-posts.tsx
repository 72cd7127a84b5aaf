import type { Post } from '@shared/api/posts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pin } from 'lucide-react';
import {
  fetchPins,
  PostCard,
  PostNoticesProvider,
  postsMeta,
  TIMELINE_STALE_TIME_MS,
  updateCachedPost,
} from '@web/features/posts';
import { useLiveEvents } from '@web/lib/live-events';
import { queryKeys } from '@web/lib/query-keys';
import { useT } from '@web/i18n/i18n';

/**
 * The group's pinned posts (GET /api/groups/{id}/pins), above its timeline, newest pin first
 * (ADR 043). Nothing is drawn while they load, when they fail, or when none is pinned: the
 * timeline below has every post all the same and says so itself. The cards' notices live outside
 * the section, so unpinning the last pin (which takes the section away) still says it was done.
 * A pin or unpin by another Owner or Moderator arrives live: the cards' marker changes at once and
 * the pins are loaded again.
 */
export function PinnedPosts({ groupId }: { groupId: string }) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type !== 'group.pins' || event.groupId !== groupId) return;
    updateCachedPost(queryClient, event.postId, (post) => ({ ...post, pinned: event.pinned }));
    void queryClient.invalidateQueries({ queryKey: queryKeys.posts.pins(groupId) });
  });
  const pins = useQuery({
    queryKey: queryKeys.posts.pins(groupId),
    queryFn: ({ signal }) => fetchPins(groupId, signal),
    staleTime: TIMELINE_STALE_TIME_MS,
    meta: postsMeta('list'),
  });
  return (
    <PostNoticesProvider>
      {pins.data?.length ? <PinnedSection posts={pins.data} /> : null}
    </PostNoticesProvider>
  );
}

function PinnedSection({ posts }: { posts: readonly Post[] }) {
  const t = useT();
  return (
    <section aria-labelledby="group-pinned-heading">
      <h2
        id="group-pinned-heading"
        className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight text-stone-900"
      >
        <Pin className="size-4 text-brand-700" aria-hidden="true" />
        {t('groups.pinned.title')}
      </h2>
      <div className="space-y-4">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </section>
  );
}
