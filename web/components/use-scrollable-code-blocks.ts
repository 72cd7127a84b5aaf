import { useEffect, type RefObject } from 'react';
import { markScrollableCodeBlocks } from './markdown-styles';

/**
 * Keeps the code blocks under `ref` that scroll sideways reachable by keyboard (see
 * markScrollableCodeBlocks): after each new text, and whenever the text's box changes width (a
 * phone turned, a window narrowed), since that decides which blocks scroll.
 */
export function useScrollableCodeBlocks(ref: RefObject<HTMLElement | null>, text: unknown) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    markScrollableCodeBlocks(root);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => markScrollableCodeBlocks(root));
    observer.observe(root);
    return () => observer.disconnect();
  }, [ref, text]);
}
