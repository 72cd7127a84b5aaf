import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to what opened a dialog when it closes. Radix does this only for a dialog opened
 * by its own Trigger; ours are mostly opened from state (a menu item, a button elsewhere, a
 * keyboard shortcut), where it would leave focus on the page. So the elements that had focus are
 * remembered here, and the dialog takes the latest one outside itself as its opener. A menu item
 * is gone once its menu closes, so the menu's trigger stands for it (a Radix menu is labelled by its
 * trigger; a click on that trigger does not focus it, so it may never have had focus itself).
 */

const REMEMBERED = 20;
const recent: HTMLElement[] = [];
let listening = false;

/** The element to give focus back to for `element`: itself, or for a menu item its menu's trigger. */
function standIn(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement)) return null;
  const menu = element.closest('[role="menu"]');
  if (!menu) return element;
  const trigger = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger && !trigger.closest('[role="menu"]') ? trigger : null;
}

function remember(event: FocusEvent) {
  const target = standIn(event.target as Element | null);
  if (!target) return;
  const known = recent.indexOf(target);
  if (known >= 0) recent.splice(known, 1);
  recent.push(target);
  if (recent.length > REMEMBERED) recent.shift();
}

function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('focusin', remember, true);
}
listen();

function usable(element: Element | null, inside: HTMLElement | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    !inside?.contains(element)
  );
}

/**
 * What had focus just before a dialog opened, latest first: the focused element, then the ones
 * before it (should the opener itself be gone by the time the dialog closes).
 */
function findOpeners(dialog: HTMLElement | null): HTMLElement[] {
  const found = [standIn(document.activeElement), ...[...recent].reverse()].filter((element) =>
    usable(element, dialog),
  );
  return [...new Set(found)].slice(0, 5);
}

/**
 * Puts focus on the first of `openers` still on the page, or on the page's main area when all have
 * gone (e.g. a deleted post and its menu).
 */
export function returnFocusTo(openers: readonly HTMLElement[]) {
  const opener = openers.find((element) => element.isConnected);
  if (opener) opener.focus();
  else document.getElementById('main')?.focus({ preventScroll: true });
}

/**
 * For a Radix dialog controlled by `open`: pass `contentRef` and `onCloseAutoFocus` to its Content.
 * On closing, focus returns to the element that had it when the dialog opened.
 */
export function useFocusReturn<T extends HTMLElement = HTMLDivElement>(open: boolean) {
  const contentRef = useRef<T>(null);
  const openers = useRef<HTMLElement[]>([]);

  // A layout effect runs before Radix moves focus into the dialog (its own effect comes later).
  useLayoutEffect(() => {
    if (open) openers.current = findOpeners(contentRef.current);
  }, [open]);

  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    returnFocusTo(openers.current);
    openers.current = [];
  }, []);

  return { contentRef, onCloseAutoFocus };
}
