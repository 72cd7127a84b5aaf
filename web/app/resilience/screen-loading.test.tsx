import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { t } from '@web/i18n/i18n';
import { SCREEN_LOAD_TEXT } from '../shells/route-error';
import {
  exportOf,
  failedModuleUrl,
  isScreenLoadError,
  loadWithRetries,
  ScreenLoadError,
  watchPreloadErrors,
} from './screen-loading';

const chunkGone = () => new TypeError('Failed to fetch dynamically imported module: /assets/later-abc123.js');

/** A lazy screen whose code fails to load `failures` times, then arrives. */
function flakyScreen(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw chunkGone();
    return () => <h1>Later</h1>;
  });
  const route: FeatureRoute = { shell: 'signed-in', path: '/later', lazy: { Component: load } };
  return { route, load };
}

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };

describe('a screen whose code fails to load', () => {
  it('is tried again, and shows when a later attempt works', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { route, load } = flakyScreen(2);
    mockFetch(signedIn);
    renderApp('/later', { features: [route] });
    expect(await screen.findByRole('heading', { name: 'Later' }, { timeout: 8000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  }, 20_000);

  it('after the retries, offers to reload instead of a blank page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { route, load } = flakyScreen(Infinity);
    const now: FeatureRoute = { shell: 'signed-in', path: '/now', element: <h1>Now</h1> };
    mockFetch(signedIn);
    const { router } = renderApp('/now', { features: [now, route] });
    expect(await screen.findByRole('heading', { name: 'Now' }, { timeout: 8000 })).toBeInTheDocument();

    void router.navigate('/later');
    const heading = await screen.findByRole(
      'heading',
      { name: t(SCREEN_LOAD_TEXT.title) },
      { timeout: 8000 },
    );
    expect(heading).toBeInTheDocument();
    expect(screen.getByText(t(SCREEN_LOAD_TEXT.body))).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);

    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await userEvent.click(screen.getByRole('button', { name: t(SCREEN_LOAD_TEXT.reload) }));
    expect(reload).toHaveBeenCalled();
  }, 20_000);

  it('a screen that throws for another reason still gets the general error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('a bug');
    };
    mockFetch(signedIn);
    renderApp('/broken', { features: [{ shell: 'signed-in', path: '/broken', element: <Broken /> }] });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(t(SCREEN_LOAD_TEXT.body))).toBeNull();
  }, 20_000);
});

describe('loadWithRetries', () => {
  it('waits between attempts and wraps the last failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(chunkGone()));
    const failure = await loadWithRetries(load, [1, 1]).catch((error: unknown) => error);
    expect(load).toHaveBeenCalledTimes(3);
    expect(failure).toBeInstanceOf(ScreenLoadError);
    expect((failure as ScreenLoadError).cause).toBeInstanceOf(TypeError);
  });

  it('recognises what browsers and Vite throw for a module that did not load', () => {
    expect(isScreenLoadError(chunkGone())).toBe(true);
    expect(isScreenLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isScreenLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isScreenLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isScreenLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it("hears Vite's preload errors without swallowing them (the screen's load fails and is retried)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warn.mockClear();
    const stop = watchPreloadErrors();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    stop();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(false);
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
  });
});

describe('exportOf: a screen loader that can succeed on a second try', () => {
  const here = (path: string) => `${window.location.origin}${path}`;
  const failedAt = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

  it('imports the chunk that failed again at a fresh address, and keeps what it gave', async () => {
    const screenModule = { GroupsPage: 'the groups screen' };
    // As in Chromium: the original address stays failed, however often it is asked for.
    const load = vi.fn(() => Promise.reject(failedAt(here('/assets/groups-page-abc.js'))));
    const importAt = vi.fn(async (_url: string) => screenModule);
    const loader = exportOf(load, 'GroupsPage', importAt);

    await expect(loader()).rejects.toThrow('groups-page-abc.js');
    expect(await loader()).toBe('the groups screen');
    expect(importAt).toHaveBeenCalledWith(here('/assets/groups-page-abc.js?retry=1'));
    expect(await loader()).toBe('the groups screen');
    expect(importAt).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('counts up the fresh address while the chunk keeps failing', async () => {
    const load = () => Promise.reject(failedAt(here('/assets/later-abc.js')));
    const importAt = vi.fn((url: string) => Promise.reject(failedAt(url)));
    const loader = exportOf(load, 'Later', importAt);
    await expect(loader()).rejects.toThrow();
    await expect(loader()).rejects.toThrow();
    await expect(loader()).rejects.toThrow();
    expect(importAt.mock.calls.map(([url]) => url)).toEqual([
      here('/assets/later-abc.js?retry=1'),
      here('/assets/later-abc.js?retry=2'),
    ]);
  });

  it('goes back to the original import when the address named was a chunk it depends on', async () => {
    const load = vi
      .fn<() => Promise<{ Later: string }>>()
      .mockRejectedValueOnce(failedAt(here('/assets/shared-abc.js')))
      .mockResolvedValue({ Later: 'the screen' });
    const importAt = vi.fn(async (_url: string) => ({ somethingShared: true }));
    const loader = exportOf(load, 'Later', importAt);
    await expect(loader()).rejects.toThrow();
    await expect(loader()).rejects.toThrow('not the one asked for');
    expect(await loader()).toBe('the screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries the original import again when the failure names no address of this site', async () => {
    const load = vi
      .fn<() => Promise<{ Later: string }>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockRejectedValueOnce(failedAt('https://elsewhere.example/assets/later.js'))
      .mockResolvedValue({ Later: 'the screen' });
    const importAt = vi.fn(async (_url: string) => ({}));
    const loader = exportOf(load, 'Later', importAt);
    await expect(loader()).rejects.toThrow();
    await expect(loader()).rejects.toThrow();
    expect(await loader()).toBe('the screen');
    expect(importAt).not.toHaveBeenCalled();
  });

  it('reads the address from what Chromium and Firefox say', () => {
    const origin = 'https://hearth.example';
    expect(failedModuleUrl(failedAt('https://hearth.example/assets/a-1.js?retry=2'), origin)).toBe(
      'https://hearth.example/assets/a-1.js',
    );
    expect(
      failedModuleUrl(
        new TypeError('error loading dynamically imported module: https://hearth.example/assets/b.js'),
        origin,
      ),
    ).toBe('https://hearth.example/assets/b.js');
    expect(failedModuleUrl(new Error('Unable to preload CSS for /assets/x.css'), origin)).toBeNull();
    expect(failedModuleUrl('not an error', origin)).toBeNull();
  });
});
