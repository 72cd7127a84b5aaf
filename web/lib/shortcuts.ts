import { useEffect, useSyncExternalStore } from 'react';

/**
 * Single-key keyboard shortcuts. One registry holds them all, so the "Keyboard shortcuts" help
 * lists exactly the ones that work; a screen registers its own while it is shown.
 */

/** Marks an item of a list that `j`/`k` move between (a post card); it needs tabIndex -1 and a name. */
export const SHORTCUT_ITEM_ATTRIBUTE = 'data-shortcut-item';

export interface Shortcut {
  /** The key as `KeyboardEvent.key` names it: 'j', 'n', '/', '?'. */
  key: string;
  /** What it does, as the help dialog says it ("Next post"). */
  description: string;
  run: () => void;
}

/**
 * Keys typed into a field are text, never shortcuts; with Ctrl, ⌘ or Alt they belong to the
 * browser or the system; and a key pressed inside an open dialog or menu is that dialog's.
 */
export function isShortcutIgnored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return true;
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return Boolean(target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'));
}

export interface ShortcutRegistry {
  /** Adds shortcuts; the returned function takes them away again. */
  register: (shortcuts: readonly Shortcut[]) => () => void;
  /** Every shortcut now in force (one per key), in the order registered. */
  list: () => readonly Shortcut[];
  subscribe: (listener: () => void) => () => void;
  /** Runs the shortcut for this key press, if one applies; answers whether one ran. */
  handle: (event: KeyboardEvent) => boolean;
}

export function createShortcutRegistry(): ShortcutRegistry {
  let shortcuts: readonly Shortcut[] = [];
  // One per key, the latest registered: a screen may take over a key while it is shown.
  let inForce: readonly Shortcut[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    inForce = shortcuts.filter(
      (shortcut, index) => shortcuts.findLastIndex((other) => other.key === shortcut.key) === index,
    );
    listeners.forEach((listener) => listener());
  };

  return {
    register(added) {
      shortcuts = [...shortcuts, ...added];
      changed();
      return () => {
        shortcuts = shortcuts.filter((shortcut) => !added.includes(shortcut));
        changed();
      };
    },
    list: () => inForce,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    handle(event) {
      if (isShortcutIgnored(event)) return false;
      const shortcut = inForce.find((candidate) => candidate.key === event.key);
      if (!shortcut) return false;
      event.preventDefault();
      shortcut.run();
      return true;
    },
  };
}

/** The app's one registry. */
export const shortcuts = createShortcutRegistry();

/** Listens for shortcut keys on the whole page while mounted (the signed-in frame mounts it). */
export function useShortcutKeys(registry: ShortcutRegistry = shortcuts) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => void registry.handle(event);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [registry]);
}

/** Registers `list` while the calling component is mounted (pass a stable array, e.g. from useMemo). */
export function useShortcuts(list: readonly Shortcut[], registry: ShortcutRegistry = shortcuts) {
  useEffect(() => registry.register(list), [list, registry]);
}

/** The shortcuts in force, kept up to date (for the help dialog). */
export function useRegisteredShortcuts(registry: ShortcutRegistry = shortcuts) {
  return useSyncExternalStore(registry.subscribe, registry.list, registry.list);
}
