import { useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ArrowUp } from 'lucide-react';
import type { Post } from '@shared/api/posts';
import { useLiveEvents } from '@web/lib/live-events';
import type { CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

type Pages = InfiniteData<CursorPage<Post>, string | null>;

/** "1 new post", "3 new posts". */
export function newPostsLabel(count: number): string {
  return `${count} new ${count === 1 ? 'post' : 'posts'}`;
}

/**
 * Counts the posts others wrote since the timeline loaded (live updates: the server sends only posts
 * this member may see) and offers them in a button that loads them, without reloading the page.
 */
export function NewPostsButton() {
  const queryClient = useQueryClient();
  const [postIds, setPostIds] = useState<string[]>([]);
  useLiveEvents((event) => {
    if (event.type !== 'post.created') return;
    setPostIds((ids) => (ids.includes(event.postId) ? ids : [...ids, event.postId]));
  });
  if (postIds.length === 0) return null;

  function load() {
    setPostIds([]);
    const key = queryKeys.posts.timeline();
    // Back to the newest posts: keep the first page, then load it again.
    queryClient.setQueryData<Pages>(key, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="sticky top-20 z-20 mb-4 flex justify-center">
      <button
        type="button"
        onClick={load}
        className="inline-flex items-center gap-1.5 rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-on-solid shadow-lg shadow-brand-900/20 transition hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        <ArrowUp className="size-4" aria-hidden="true" />
        {newPostsLabel(postIds.length)}
      </button>
    </div>
  );
}
