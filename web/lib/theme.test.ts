import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  followThemeChanges,
  readThemeChoice,
  setThemeChoice,
  THEME_STORAGE_KEY,
  useThemeChoice,
} from './theme';

/** A stand-in for the system's `prefers-color-scheme: dark`, which a test can flip. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  beforeEach(() => {
    document.documentElement.className = '';
    document.head.innerHTML = '<meta name="theme-color" content="#fafaf9">';
  });
  afterEach(() => {
    setThemeChoice('system');
  });

  it('follows the system when nothing is chosen, and keeps following it', () => {
    const system = fakeSystem(true);
    followThemeChanges();
    applyTheme();
    expect(readThemeChoice()).toBe('system');
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#0f0d0c');

    act(() => system.set(false));
    expect(isDark()).toBe(false);
    act(() => system.set(true));
    expect(isDark()).toBe(true);
  });

  it('a stored choice wins over the system, and is kept in localStorage', () => {
    const system = fakeSystem(true);
    followThemeChanges();
    setThemeChoice('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(isDark()).toBe(false);
    // The system changing does not undo the member's choice.
    act(() => system.set(true));
    expect(isDark()).toBe(false);

    setThemeChoice('dark');
    act(() => system.set(false));
    expect(isDark()).toBe(true);

    // System removes the stored choice and goes back to the system's setting.
    setThemeChoice('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(isDark()).toBe(false);
  });

  it('ignores an unknown stored value', () => {
    fakeSystem(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemeChoice()).toBe('system');
    applyTheme();
    expect(isDark()).toBe(false);
  });

  it('tells components when the choice changes', () => {
    fakeSystem(false);
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current).toBe('system');
    act(() => setThemeChoice('dark'));
    expect(result.current).toBe('dark');
  });
});
