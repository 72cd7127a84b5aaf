/**
 * Returns (Back, Forward) to history entries a screen added without the router (the photo viewer's,
 * ADR 050): a screen that recognises the entry's state takes the return, and the router never hears
 * of it, so it does not draw the entry's address as a route of its own.
 *
 * The listener must come before the router's own `popstate` listener: browsers call a window's
 * listeners in the order they were added (Chromium even for capturing ones), so `listenBeforeRouter`
 * runs before the router is made (web/app/router.tsx).
 */
type ReturnHandler = (state: unknown) => boolean;

const handlers = new Set<ReturnHandler>();
let listening = false;

export function listenBeforeRouter(): void {
  if (listening) return;
  listening = true;
  window.addEventListener(
    'popstate',
    (event) => {
      for (const handler of handlers) if (handler(event.state)) return event.stopImmediatePropagation();
    },
    { capture: true },
  );
}

/** `handler` answers whether it took a return to an entry with this state; the returned function stops it. */
export function onHistoryReturn(handler: ReturnHandler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}
