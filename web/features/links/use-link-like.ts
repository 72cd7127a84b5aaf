import { useRef, useState } from 'react';
import type { LikeResponse } from '@shared/api/posts';
import { reportActionFailure } from '@web/lib/action-errors';

interface LikeState {
  liked: boolean;
  count: number;
}

/**
 * A like control's behaviour (spec section 4, "Link like: same" as posts): the toggle shows at once
 * (count ±1); a failure puts it back and says so (`failures`); clicks while a call is in flight
 * are ignored; on success `onSettled` refreshes the caches that show it (the link page and timeline).
 */
export function useOptimisticLike({
  key,
  liked,
  count,
  send,
  onSuccess,
  failures,
}: {
  /** What is liked (its id): a new subject resets the control. */
  key: string;
  liked: boolean;
  count: number;
  send: (liked: boolean) => Promise<LikeResponse>;
  onSuccess: () => void;
  /** What the member is told when liking or unliking fails, e.g. "Couldn't like the link." */
  failures: { like: string; unlike: string };
}) {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [override, setOverride] = useState<LikeState | null>(null);

  const propsKey = `${key}:${liked}:${count}`;
  const [seenKey, setSeenKey] = useState(propsKey);
  if (seenKey !== propsKey) {
    setSeenKey(propsKey);
    if (!pending) setOverride(null);
  }
  const shown = override ?? { liked, count };

  async function toggle() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    const before = shown;
    const next = !before.liked;
    setOverride({ liked: next, count: Math.max(0, before.count + (next ? 1 : -1)) });
    try {
      const result = await send(next);
      setOverride({ liked: result.liked, count: result.likes_count });
      onSuccess();
    } catch (error) {
      setOverride(before);
      reportActionFailure(next ? failures.like : failures.unlike, error);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { liked: shown.liked, count: shown.count, pending, toggle };
}
