import { useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { SHORTCUT_ITEM_ATTRIBUTE, useShortcutKeys, useShortcuts, type Shortcut } from '@web/lib/shortcuts';
import { useLocale, useT } from '@web/i18n/i18n';
import { SEARCH_PATH } from './navigation';
import { onDemandDialog } from './resilience/on-demand';
import { MAIN_ID } from './skip-link';
import { exportOf } from '@web/app/resilience/screen-loading';

/** The list of shortcuts (./shortcut-help-dialog.tsx) loads the first time it is asked for. */
const { Dialog: ShortcutHelpDialog } = onDemandDialog(
  exportOf(() => import('./shortcut-help-dialog'), 'ShortcutHelpDialog'),
);

/** The new-post screen (the sidebar's Post entry). */
const NEW_POST_PATH = '/posts/new';

/** The key that opens the list of shortcuts (also named in the account menu). */
export const HELP_KEY = '?';

// Whether the list of shortcuts is shown: the `?` key and the account menu both open it.
let helpOpen = false;
const helpListeners = new Set<() => void>();
export function setShortcutHelpOpen(open: boolean) {
  helpOpen = open;
  helpListeners.forEach((listener) => listener());
}
function subscribeHelp(listener: () => void) {
  helpListeners.add(listener);
  return () => helpListeners.delete(listener);
}
const isHelpOpen = () => helpOpen;

/**
 * Moves focus to the next (`step` 1) or previous (-1) item of the list on the page and scrolls it
 * into view. From no item, `j` starts at the first one on screen and `k` at the one before it.
 */
export function moveBetweenItems(step: 1 | -1) {
  const items = [...document.querySelectorAll<HTMLElement>(`#${MAIN_ID} [${SHORTCUT_ITEM_ATTRIBUTE}]`)];
  if (items.length === 0) return;
  const current = document.activeElement?.closest<HTMLElement>(`[${SHORTCUT_ITEM_ATTRIBUTE}]`);
  let index = current ? items.indexOf(current) : -1;
  if (index >= 0) index += step;
  else {
    const firstOnScreen = items.findIndex((item) => item.getBoundingClientRect().bottom >= 0);
    index = firstOnScreen < 0 ? items.length - 1 : step === 1 ? firstOnScreen : firstOnScreen - 1;
  }
  const next = items[Math.min(Math.max(index, 0), items.length - 1)];
  next?.focus({ preventScroll: true });
  next?.scrollIntoView({ block: 'nearest' });
}

/** On the search page, its field; elsewhere, the search page (whose field takes focus itself). */
function focusSearch(goToSearch: () => void) {
  const field = document.querySelector<HTMLInputElement>(`#${MAIN_ID} input[type="search"]`);
  if (field) {
    field.focus();
    field.select();
  } else goToSearch();
}

/**
 * The signed-in screens' shortcuts: `j`/`k` between posts, `n` new post, `/` search, `?` this list
 * (in a dialog; Escape closes it and focus returns to where it was).
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const t = useT();
  // Registered again in the member's new language when they switch.
  const locale = useLocale();
  const list = useMemo<Shortcut[]>(
    () => [
      { key: 'j', description: t('app.shortcuts.nextPost'), run: () => moveBetweenItems(1) },
      { key: 'k', description: t('app.shortcuts.previousPost'), run: () => moveBetweenItems(-1) },
      { key: 'n', description: t('app.shortcuts.newPost'), run: () => void navigate(NEW_POST_PATH) },
      {
        key: '/',
        description: t('app.shell.search'),
        run: () => focusSearch(() => void navigate(SEARCH_PATH)),
      },
      { key: HELP_KEY, description: t('app.shortcuts.show'), run: () => setShortcutHelpOpen(true) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `t` answers in the new language when `locale` changes
    [navigate, t, locale],
  );
  useShortcuts(list);
  useShortcutKeys();
  const open = useSyncExternalStore(subscribeHelp, isHelpOpen, isHelpOpen);
  return <ShortcutHelpDialog open={open} onOpenChange={setShortcutHelpOpen} />;
}
