import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onHistoryReturn } from '@web/lib/history-returns';

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
 * What the viewer's own history entry keeps beside the router's state: the screen it was opened
 * over (the router's address there) and the photo open in it, so Forward can reopen it there.
 */
interface ViewerEntry {
  from: string;
  index: number;
}

/** The key of `ViewerEntry` in `history.state`, beside the router's own keys. */
const VIEWER_ENTRY = 'hearthViewer';

function viewerEntryOf(state: unknown): ViewerEntry | null {
  const entry = (state as Record<string, unknown> | null)?.[VIEWER_ENTRY] as ViewerEntry | undefined;
  return entry && typeof entry.from === 'string' && typeof entry.index === 'number' ? entry : null;
}

/** The router's state with the viewer's entry beside it. */
function stateWith(entry: ViewerEntry): Record<string, unknown> {
  return { ...(window.history.state as Record<string, unknown> | null), [VIEWER_ENTRY]: entry };
}

/**
 * Which photo of a grid is open in the viewer, kept in the address bar when `addressOf` is given.
 *
 * Opening from a card, the album or the post page adds a history entry with the photo's address
 * without a router navigation, so the page under the viewer stays as it was (its scroll position,
 * its loaded pages); the entry keeps the router's own state, so Back is a return to the same screen
 * and closes the viewer, and says which screen and photo it was (`ViewerEntry`), so Forward reopens
 * the viewer over that screen. Moving between photos replaces that address; closing (Escape, the
 * Close button) goes back. Arriving by the address itself (`initial`), there is nothing to go back
 * to: closing replaces the address with the post's, `home`.
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
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
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

  useEffect(() => {
    if (!addressOf) return;
    // Forward (or any return) to this grid's viewer entry reopens it over this screen, instead of the
    // router drawing the photo's route (the post page). From elsewhere the router does, as for a
    // copied address.
    return onHistoryReturn((state) => {
      const entry = viewerEntryOf(state);
      if (!entry || entry.from !== here || addressOf(entry.index) !== window.location.pathname) return false;
      pushed.current = true;
      setOpen(entry.index);
      return true;
    });
  }, [addressOf, here]);

  const show = useCallback(
    (index: number) => {
      if (addressOf) {
        if (pushed.current)
          window.history.replaceState(stateWith({ from: here, index }), '', addressOf(index));
        else if (open !== null) window.history.replaceState(window.history.state, '', addressOf(index));
        else {
          window.history.pushState(stateWith({ from: here, index }), '', addressOf(index));
          pushed.current = true;
        }
      }
      setOpen(index);
    },
    [addressOf, here, open],
  );

  const close = useCallback(() => {
    if (pushed.current) return window.history.back();
    setOpen(null);
    if (addressOf && home && initial !== null)
      void navigate(home, { replace: true, preventScrollReset: true });
  }, [addressOf, home, initial, navigate]);

  return { open, show, close };
}
