import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** Clicks on these inside a card do their own thing rather than opening the post. */
const INTERACTIVE = 'a, button, input, textarea, select, label, [role="menuitem"], [role="dialog"]';

/**
 * A card's click handler: a click on its free space opens `path` (Ctrl/⌘-click in a new tab); clicks
 * on its controls, on portals above it, and text selections do not.
 */
export function useOpenOnClick(path: string) {
  const navigate = useNavigate();
  return function open(event: MouseEvent<HTMLElement>) {
    const target = event.target as Element;
    // Events from portals (menus, dialogs) bubble here through React; only the card's own area counts.
    if (event.defaultPrevented || !event.currentTarget.contains(target)) return;
    if (target.closest(INTERACTIVE)) return;
    // Selecting text is not a click on the card.
    if (window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey) {
      window.open(path, '_blank', 'noopener');
      return;
    }
    navigate(path);
  };
}
