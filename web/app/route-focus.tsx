import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { MAIN_ID } from './skip-link';

/** How long to wait for the new screen's heading (its code or data may still be on the way). */
const HEADING_WAIT_MS = 1500;
const POLL_MS = 50;

/**
 * After moving to another page (not on the first load), focus goes to the new page's h1, or its
 * main area, so keyboard and screen reader users start at the top of what changed; the page's
 * title is announced politely. A screen that put focus in its own content (a field with autoFocus)
 * keeps it.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    // Where focus was once the navigation settled; if the member moves it while the heading is
    // still on its way (tabbing to a menu, say), the page must not take it back from them.
    let settledFocus: Element | null | undefined;

    function settle() {
      const main = document.getElementById(MAIN_ID);
      const heading = main?.querySelector('h1');
      const active = document.activeElement;
      if (settledFocus === undefined) settledFocus = active;
      const memberMoved = active !== settledFocus;
      if (!heading && !memberMoved && Date.now() - started < HEADING_WAIT_MS) {
        timer = setTimeout(settle, POLL_MS);
        return;
      }
      setAnnouncement(document.title);
      if (memberMoved) return;
      if (active && active !== document.body && main?.contains(active)) return;
      // The member has already opened a menu or dialog while the page loaded: never pull focus out
      // of it (that would close it under their hands).
      if (active?.closest('[role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]')) return;
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else {
        main?.focus({ preventScroll: true });
      }
    }
    // After the closing menus and dialogs have put focus back where they came from.
    timer = setTimeout(settle, POLL_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
