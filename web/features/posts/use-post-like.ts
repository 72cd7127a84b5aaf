import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/api/posts';
import { t } from '@web/i18n/i18n';
import { reportActionFailure } from '@web/lib/action-errors';
import { setPostLiked } from './api';
import { toggledLike, updateCachedPost } from './post-cache';

interface LikeState {
  liked: boolean;
  count: number;
}

/**
 * The like control's behaviour (spec section 4): the toggle shows at once (count ±1) in this card and
 * in every cached list and detail holding the post; a failure puts everything back and says so
 * ("Couldn't like the post. Check your connection and try again."); clicks while a call is in flight
 * are ignored.
 */
export function usePostLike(post: Pick<Post, 'id' | 'liked_by_current_user' | 'likes_count'>) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  // What this card shows while its own change is not yet reflected in the post it was given.
  const [override, setOverride] = useState<LikeState | null>(null);

  const fromProps: LikeState = { liked: post.liked_by_current_user, count: post.likes_count };
  const propsKey = `${post.id}:${fromProps.liked}:${fromProps.count}`;
  const [seenKey, setSeenKey] = useState(propsKey);
  if (seenKey !== propsKey) {
    setSeenKey(propsKey);
    if (!pending) setOverride(null);
  }
  const shown = override ?? fromProps;

  async function toggle() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);

    const before = shown;
    const liked = !before.liked;
    const after = { liked, count: Math.max(0, before.count + (liked ? 1 : -1)) };
    setOverride(after);
    updateCachedPost(queryClient, post.id, (cached) => ({ ...cached, ...toggledLike(cached, liked) }));

    try {
      const result = await setPostLiked(post.id, liked);
      setOverride({ liked: result.liked, count: result.likes_count });
      updateCachedPost(queryClient, post.id, (cached) => ({
        ...cached,
        liked_by_current_user: result.liked,
        likes_count: result.likes_count,
      }));
    } catch (error) {
      setOverride(before);
      updateCachedPost(queryClient, post.id, (cached) =>
        cached.liked_by_current_user === liked ? { ...cached, ...toggledLike(cached, before.liked) } : cached,
      );
      reportActionFailure(liked ? t('posts.card.likeFailed') : t('posts.card.unlikeFailed'), error);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { liked: shown.liked, count: shown.count, pending, toggle };
}
