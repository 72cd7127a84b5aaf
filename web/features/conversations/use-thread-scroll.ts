import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Within this many pixels of the end, the thread counts as read to the end and follows new messages. */
const NEAR_END_PX = 80;

/**
 * The thread's scrolling, newest last: it opens at the end; older messages loaded above keep what
 * was on screen in place (the distance from the end is kept); a new message at the end is followed
 * when the reader was at the end (or sent it), and left alone when they had scrolled up to read.
 * `settled` turns true once the thread first sits at its end, so the loader of older pages at the top
 * does not fire before.
 */
export function useThreadScroll(firstId: string | undefined, lastId: string | undefined) {
  const containerRef = useRef<HTMLDivElement>(null);
  const fromEnd = useRef(0);
  const atEnd = useRef(true);
  const followNext = useRef(false);
  const shown = useRef<{ first?: string; last?: string }>({});
  const [settled, setSettled] = useState(false);

  const record = useCallback(() => {
    const box = containerRef.current;
    if (!box) return;
    fromEnd.current = box.scrollHeight - box.scrollTop;
    atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_END_PX;
  }, []);

  useLayoutEffect(() => {
    const box = containerRef.current;
    if (!box || !lastId) return;
    const before = shown.current;
    if (!before.last || followNext.current || (lastId !== before.last && atEnd.current)) {
      box.scrollTop = box.scrollHeight;
      followNext.current = false;
    } else if (firstId !== before.first) {
      box.scrollTop = box.scrollHeight - fromEnd.current;
    }
    shown.current = { first: firstId, last: lastId };
    record();
    setSettled(true);
  }, [firstId, lastId, record]);

  /** After the reader sent a message: the thread goes to its end when it arrives. */
  const toEnd = useCallback(() => {
    followNext.current = true;
  }, []);

  return { containerRef, onScroll: record, toEnd, settled };
}

/** A ref and whether its element is on screen now (always false where IntersectionObserver is missing). */
export function useVisible<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setVisible(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, visible];
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the tab is on screen (a hidden tab reads nothing). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}
