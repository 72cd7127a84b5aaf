import { useEffect, useRef, type RefObject } from 'react';

/** Spec section 9: a swipe is at least 50 px, more horizontal than vertical. */
export const SWIPE_THRESHOLD_PX = 50;
/** Spec section 9: once a touch has moved more than 30 px sideways, the page stops scrolling. */
export const SCROLL_LOCK_PX = 30;

export type SwipeDirection = 'left' | 'right';

/** The swipe a finger's travel makes, if any: 'left' when it moved left. */
export function swipeDirection(dx: number, dy: number): SwipeDirection | null {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 'left' : 'right';
}

/** Whether a move this far sideways (and more sideways than down) should stop the page scrolling. */
export function locksScroll(dx: number, dy: number): boolean {
  return Math.abs(dx) > SCROLL_LOCK_PX && Math.abs(dx) > Math.abs(dy);
}

/**
 * Calls `onSwipe` when a one-finger touch on the element ends as a horizontal swipe. Listens
 * natively: React's touchmove listeners are passive, and locking the scroll needs preventDefault.
 */
export function useSwipe<T extends HTMLElement>(
  ref: RefObject<T | null>,
  onSwipe: (direction: SwipeDirection) => void,
) {
  const handler = useRef(onSwipe);
  useEffect(() => {
    handler.current = onSwipe;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;

    const point = (event: TouchEvent) => event.touches[0] ?? event.changedTouches[0];
    const onStart = (event: TouchEvent) => {
      const touch = point(event);
      start = event.touches.length > 1 || !touch ? null : { x: touch.clientX, y: touch.clientY };
    };
    const onMove = (event: TouchEvent) => {
      const touch = point(event);
      if (!start || !touch) return;
      if (locksScroll(touch.clientX - start.x, touch.clientY - start.y) && event.cancelable) {
        event.preventDefault();
      }
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0] ?? event.touches[0];
      if (!start || !touch) return;
      const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
      start = null;
      if (direction) handler.current(direction);
    };
    const onCancel = () => {
      start = null;
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onCancel);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onCancel);
    };
  }, [ref]);
}
