import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * Which of the members' frame menus is open (the slide-in sidebar or the account menu). While the
 * session is checked the frame is drawn at once as a placeholder, then replaced by the real frame
 * when the server answers; keeping this state outside the frame means a menu opened in between stays
 * open instead of vanishing under the member's hands. It holds only for the page it was opened on.
 */
export type FrameMenu = 'sidebar' | 'account';

let state: { menu: FrameMenu; pathname: string } | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: typeof state) {
  if (state === next) return;
  state = next;
  listeners.forEach((listener) => listener());
}

/** Whether `menu` is open on this page, and a setter fit for a Radix `onOpenChange`. */
export function useFrameMenu(menu: FrameMenu): [boolean, (open: boolean) => void] {
  const { pathname } = useLocation();
  const current = useSyncExternalStore(subscribe, () => state);
  const open = current?.menu === menu && current.pathname === pathname;
  const setOpen = useCallback(
    (next: boolean) => {
      if (next) set({ menu, pathname });
      else if (state?.menu === menu) set(null);
    },
    [menu, pathname],
  );
  return [open, setOpen];
}

/** Closes every frame menu (each test starts with none open). */
export function resetFrameMenus() {
  set(null);
}
