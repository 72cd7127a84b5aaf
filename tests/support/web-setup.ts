import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { resetFrameMenus } from '@web/app/shells/frame-menus';
import { preloadMarkdown } from '@web/components/markdown-loader';
import { resetFirstScreenWait } from '@web/lib/after-first-screen';
import { failOnUnansweredRequests } from '@web/test/fetch-mock';

// A lazy screen's first paint can take over a second on a loaded 2-core CI machine; waiting longer
// only costs time when a test is failing anyway.
configure({ asyncUtilTimeout: 8000 });

// The Markdown renderer loads on demand in the app (web/components/markdown-loader.ts); a test draws
// with it at once, as a screen that loads it with its route does (markdown-loader.test.tsx covers
// the wait).
beforeAll(async () => {
  await preloadMarkdown();
}, 30_000);

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  resetFrameMenus();
  resetFirstScreenWait();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  failOnUnansweredRequests();
});

// jsdom lacks these browser APIs that Radix and the infinite-scroll hook use.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
window.scrollTo = () => {};
