import type { RouteObject } from 'react-router';

/**
 * A screen's code arrives in its own chunk the first time it is visited (route `lazy`). When that
 * fails (the server is away, or a new version was deployed and the old hashed chunk is gone) the
 * load is tried again a couple of times, then {@link ScreenLoadError} reaches the route error
 * screen, which offers to reload the page.
 */

/** Waits before the second and third attempt. */
export const SCREEN_LOAD_RETRY_DELAYS_MS: readonly number[] = [500, 1500];

/** A screen's code could not be loaded, even after retrying. */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super("This page's code could not be loaded.", { cause });
    this.name = 'ScreenLoadError';
  }
}

/**
 * What browsers and Vite throw when a module fails to load: Chromium "Failed to fetch dynamically
 * imported module", Firefox "error loading dynamically imported module", Safari "Importing a module
 * script failed", Vite's preload "Unable to preload CSS".
 */
const MODULE_LOAD_FAILURE =
  /dynamically imported module|importing a module script failed|unable to preload css|module script failed/i;

/** True for a screen (or module) whose code did not load: the cure is a reload, not a bug report. */
export function isScreenLoadError(error: unknown): boolean {
  if (error instanceof ScreenLoadError) return true;
  return error instanceof Error && MODULE_LOAD_FAILURE.test(error.message);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `load`, trying again after each of `delays`; the last failure becomes a ScreenLoadError. */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  delays: readonly number[] = SCREEN_LOAD_RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw new ScreenLoadError(error);
      console.warn(`Loading a screen failed; trying again in ${delay} ms`, error);
      await sleep(delay);
    }
  }
}

/**
 * The address of the module a failed `import()` names (Chromium: "Failed to fetch dynamically
 * imported module: <url>", Firefox likewise), when it is this site's own code; else null.
 */
export function failedModuleUrl(
  error: unknown,
  origin: string = globalThis.location?.origin ?? '',
): string | null {
  if (!(error instanceof Error)) return null;
  const named = /(https?:\/\/[^\s'"?#]+\.m?js)\b/.exec(error.message)?.[1];
  if (named === undefined) return null;
  const url = new URL(named);
  return url.origin === origin ? url.href : null;
}

/** The address that failed was a module the one asked for depends on, not that module. */
class NotTheModule extends Error {
  constructor(url: string) {
    super(`The module at ${url} is not the one asked for; a module it depends on failed to load.`);
  }
}

const importAddress = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * A loader for the export `name` of the module `load` imports (a screen, a dialog, a menu), safe to
 * try again. Browsers keep a dynamic import that failed as failed: Chromium rejects `import()` of the
 * same address again without fetching it, so calling `load` a second time cannot succeed. After a
 * failure that names the module's address, the next attempt imports that address with a fresh query
 * (`?retry=N`, another entry in the browser's module map; the server and the service worker answer it
 * as the same file); the module it gives is kept, so a later call never evaluates a second copy.
 * When the named module was not the one asked for (a chunk it depends on failed), the next attempt
 * goes back to `load`; if nothing works, the route error screen offers to reload the page.
 */
export function exportOf<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  importAt: (url: string) => Promise<unknown> = importAddress,
): () => Promise<Module[Name]> {
  let failedAt: string | null = null;
  let retries = 0;
  let reloaded: Promise<Module> | null = null;
  return async () => {
    if (failedAt === null && reloaded === null) {
      try {
        return (await load())[name];
      } catch (error) {
        failedAt = failedModuleUrl(error);
        throw error;
      }
    }
    if (reloaded === null) {
      const url = `${failedAt}?retry=${++retries}`;
      reloaded = (importAt(url) as Promise<Module>).then((module) => {
        if (module === null || typeof module !== 'object' || !(name in module)) throw new NotTheModule(url);
        return module;
      });
      reloaded.catch((error: unknown) => {
        reloaded = null;
        if (error instanceof NotTheModule) failedAt = null;
      });
    }
    return (await reloaded)[name];
  };
}

type Lazy = RouteObject['lazy'];

/** A route's `lazy` (a function or an object of loaders) with every loader retried. */
export function retryingLazy(lazy: Lazy): Lazy {
  if (lazy === undefined) return undefined;
  if (typeof lazy === 'function') {
    const load = lazy;
    return (() => loadWithRetries(() => load())) as Lazy;
  }
  const entries = Object.entries(lazy).map(([key, load]) => {
    if (typeof load !== 'function') return [key, load];
    const retried = () => loadWithRetries(() => (load as () => Promise<unknown>)());
    return [key, key === 'Component' ? () => retried().catch(failedScreen) : retried];
  });
  return Object.fromEntries(entries) as Lazy;
}

/**
 * React Router ignores a failed `lazy.Component` (the route would render nothing: a blank page),
 * so the failure becomes a screen that throws it, for the route's error element to show. A reload
 * starts a fresh router, so the screen is asked for again then.
 */
function failedScreen(error: unknown) {
  return function ScreenThatFailedToLoad(): never {
    throw error;
  };
}

/**
 * Vite's `vite:preloadError`: a chunk a screen depends on (JS or CSS) did not preload. It is left to
 * throw (no `preventDefault`), so the screen's load fails and is retried as above; this only logs it.
 */
export function watchPreloadErrors(target: Window = window): () => void {
  const listener = (event: Event) => {
    console.warn('A chunk of the app failed to preload', (event as Event & { payload?: unknown }).payload);
  };
  target.addEventListener('vite:preloadError', listener);
  return () => target.removeEventListener('vite:preloadError', listener);
}
