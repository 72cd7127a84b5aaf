import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A photo's own address (ADR 050): /post/{id}/photo/{n}, n counted from 1 as a reader counts. The
 * route draws the post page with that photo open in the viewer; the post page's usual answers
 * (not found for whoever may not see the post) come first.
 */
export function photoPath(postId: string, index: number): string {
  return `/post/${encodeURIComponent(postId)}/photo/${index + 1}`;
}

/** The photo an address's `n` names, from 0, or null when it names none of the post's `count`. */
export function photoIndexOf(n: string | undefined, count: number): number | null {
  if (!n || !/^[1-9]\d{0,3}$/.test(n)) return null;
  const index = Number(n) - 1;
  return index < count ? index : null;
}

/**
 * Which photo of a grid is open in the viewer, kept in the address bar when `addressOf` is given.
 *
 * Opening from a card, the album or the post page adds a history entry with the photo's address
 * without a router navigation, so the page under the viewer stays as it was (its scroll position,
 * its loaded pages); the entry keeps the router's own state, so Back is a return to the same screen
 * and closes the viewer. Moving between photos replaces that address; closing (Escape, the Close
 * button) goes back. Arriving by the address itself (`initial`), there is nothing to go back to:
 * closing replaces the address with the post's, `home`.
 */
export function useViewerAddress({
  addressOf,
  initial = null,
  home,
}: {
  addressOf?: (index: number) => string;
  initial?: number | null;
  home?: string;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<number | null>(initial);
  const pushed = useRef(false);

  useEffect(() => {
    if (open === null || !pushed.current) return;
    const closeOnBack = () => {
      pushed.current = false;
      setOpen(null);
    };
    window.addEventListener('popstate', closeOnBack);
    return () => window.removeEventListener('popstate', closeOnBack);
  }, [open]);

  const show = useCallback(
    (index: number) => {
      if (addressOf) {
        const replace = pushed.current || open !== null;
        window.history[replace ? 'replaceState' : 'pushState'](window.history.state, '', addressOf(index));
        if (!replace) pushed.current = true;
      }
      setOpen(index);
    },
    [addressOf, open],
  );

  const close = useCallback(() => {
    if (pushed.current) return window.history.back();
    setOpen(null);
    if (addressOf && home && initial !== null)
      void navigate(home, { replace: true, preventScrollReset: true });
  }, [addressOf, home, initial, navigate]);

  return { open, show, close };
}
