import { useState } from 'react';
import { useLiveEvents } from '@web/lib/live-events';

/** "1 new post", "3 new posts". */
export function newPostsLabel(count: number): string {
  return `${count} new ${count === 1 ? 'post' : 'posts'}`;
}

/**
 * Counts the posts others wrote since the timeline loaded (live updates: the server sends only posts
 * this member may see). The timeline's refresh button says the count and loads them (ADR 039: one
 * control, not a pill beside a button); `clear` forgets them once they are loaded.
 */
export function useNewPosts(): { label: string | null; clear: () => void } {
  const [postIds, setPostIds] = useState<string[]>([]);
  useLiveEvents((event) => {
    if (event.type !== 'post.created') return;
    setPostIds((ids) => (ids.includes(event.postId) ? ids : [...ids, event.postId]));
  });
  return {
    label: postIds.length > 0 ? newPostsLabel(postIds.length) : null,
    clear: () => setPostIds([]),
  };
}
