import { useState } from 'react';
import { t } from '@web/i18n/i18n';
import { useLiveEvents, type LiveEvent } from '@web/lib/live-events';

/** "1 new post", "3 new posts". */
export function newPostsLabel(count: number): string {
  return t('posts.timeline.newPosts', { count });
}

type PostCreated = Extract<LiveEvent, { type: 'post.created' }>;

/**
 * Counts the posts others wrote since the timeline loaded (live updates: the server sends only posts
 * this member may see), those `belongs` keeps (a group page: its group's). The timeline's refresh
 * button says the count and loads them (ADR 039: one control, not a pill beside a button); `clear`
 * forgets them once they are loaded.
 */
export function useNewPosts(belongs: (event: PostCreated) => boolean = () => true): {
  label: string | null;
  count: number;
  clear: () => void;
} {
  const [postIds, setPostIds] = useState<string[]>([]);
  useLiveEvents((event) => {
    if (event.type !== 'post.created' || !belongs(event)) return;
    setPostIds((ids) => (ids.includes(event.postId) ? ids : [...ids, event.postId]));
  });
  return {
    label: postIds.length > 0 ? newPostsLabel(postIds.length) : null,
    count: postIds.length,
    clear: () => setPostIds([]),
  };
}
