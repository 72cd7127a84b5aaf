import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches a CSS media query (`(min-width: 64rem)`), kept current as the window
 * changes. A browser without `matchMedia` (and the tests' jsdom) counts as matching, so what is
 * drawn only where a query matches is drawn there, as before.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    [query],
  );
  return useSyncExternalStore(subscribe, matches, () => true);
}
