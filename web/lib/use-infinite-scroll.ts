import { useEffect, useRef } from 'react';

/** Spec section 9: the next page loads 100 px before the end marker, at visibility 0.1. */
export const INFINITE_SCROLL_MARGIN = '100px';
export const INFINITE_SCROLL_THRESHOLD = 0.1;

/**
 * Returns a ref for the end-of-list marker; `onReachEnd` runs when it comes into view while
 * `enabled` (typically `hasNextPage && !isFetchingNextPage`).
 */
export function useInfiniteScroll<T extends Element = HTMLDivElement>(
  onReachEnd: () => void,
  enabled: boolean,
) {
  const markerRef = useRef<T | null>(null);
  const callback = useRef(onReachEnd);
  useEffect(() => {
    callback.current = onReachEnd;
  });

  useEffect(() => {
    const marker = markerRef.current;
    if (!enabled || !marker || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN} 0px`, threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [enabled]);

  return markerRef;
}
