import { useSyncExternalStore } from 'react';

/**
 * Light or dark, per browser. The choice ('system', 'light', 'dark') is kept in localStorage under
 * `hearth.theme`; 'system' (nothing stored) follows `prefers-color-scheme`. Dark in effect means
 * `<html class="dark">`. web/public/theme-init.js applies the same rule before first paint; this
 * module keeps it applied afterwards (a new choice, the system switching, another tab choosing).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'hearth.theme';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The browser bar's colour, matching the page background of each mode (web/styles.css). */
const THEME_COLORS = { light: '#fafaf9', dark: '#0f0d0c' } as const;

const listeners = new Set<() => void>();
/** The choice when storage refuses to keep it (some private modes): it lasts while the page is open. */
let unsavedChoice: ThemeChoice | null = null;

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

export function readThemeChoice(): ThemeChoice {
  if (unsavedChoice) return unsavedChoice;
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** Puts the mode in effect on `<html>` and the browser bar. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()) {
  const mode = resolveTheme(choice, systemQuery()?.matches ?? false);
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[mode]);
}

function notify() {
  applyTheme();
  for (const listener of listeners) listener();
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
    unsavedChoice = null;
  } catch {
    unsavedChoice = choice;
  }
  notify();
}

let started = false;

/** Follows the system's setting and other tabs' choices for as long as the page is open. */
export function followThemeChanges() {
  if (started) return;
  started = true;
  systemQuery()?.addEventListener('change', notify);
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
  });
  applyTheme();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's choice, re-read whenever it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}

/** Each choice's name, as a message id (`t(THEME_LABELS[choice])` where it is drawn). */
export const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'lib.theme.system',
  light: 'lib.theme.light',
  dark: 'lib.theme.dark',
};
