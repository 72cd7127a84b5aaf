/*
 * Hearth's service worker. It keeps the app shell only (the page at / and this build's hashed code
 * under /assets/), so Hearth opens when the network is away and then says it cannot reach the
 * server. It never stores member data: no /api/ answer, no file, no upload, nothing marked private
 * or no-store. The build writes BUILD and BUILD_ASSETS (vite.config.ts); see docs/decisions/026.
 * It also shows Web Push notifications (docs/decisions/052): a push is shown and forgotten, its
 * words kept by the system's notification only, never by this worker.
 */

const BUILD = /* hearth:build */ 'dev';
const BUILD_ASSETS = /* hearth:assets */ [];

const CACHE_PREFIX = 'hearth-shell-';
const CACHE = CACHE_PREFIX + BUILD;
/** The page every app address serves; kept to open the app offline. */
const SHELL_PAGE = '/';

/** Paths whose answers are member data or files: never stored, never answered from a cache. */
const NEVER_CACHED = /^\/(api|files|uploads)(\/|$)/;

/** Whether a path belongs to the app shell: the page at / or the build's hashed code. */
function isShellPath(pathname) {
  return pathname === SHELL_PAGE || pathname.startsWith('/assets/');
}

/** Whether a navigation opens a screen of the app (not a file, the API or a feed). */
function isAppPage(pathname) {
  if (NEVER_CACHED.test(pathname) || pathname.startsWith('/assets/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last);
}

/**
 * The one rule for what may be stored: a same-origin GET of the shell, answered 200 by the server
 * itself, and not marked private or no-store.
 */
function mayCache(request, response) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.search !== '') return false;
  if (NEVER_CACHED.test(url.pathname) || !isShellPath(url.pathname)) return false;
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = (response.headers.get('cache-control') || '').toLowerCase();
  return !/(^|[\s,])(private|no-store)([\s,=]|$)/.test(cacheControl);
}

async function keep(cache, request, response) {
  if (mayCache(request, response)) await cache.put(request, response.clone());
  return response;
}

/** Installing: the page and every hashed file of this build, fetched fresh. */
async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    [SHELL_PAGE, ...BUILD_ASSETS].map(async (path) => {
      const request = new Request(path, { cache: 'reload', credentials: 'same-origin' });
      await keep(cache, request, await fetch(request));
    }),
  );
}

/** Activating: the shells of older builds go. */
async function activate() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)),
  );
  await self.clients.claim();
}

/** A screen: the network first (a new version shows at once), the kept page when offline. */
async function openPage(request) {
  try {
    const response = await fetch(request);
    if (new URL(request.url).pathname === SHELL_PAGE) await keep(await caches.open(CACHE), request, response);
    return response;
  } catch (error) {
    const kept = await (await caches.open(CACHE)).match(SHELL_PAGE);
    if (kept) return kept;
    throw error;
  }
}

/** Hashed code never changes under its name: the kept copy, else the network (then kept). */
async function openAsset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  return keep(cache, request, await fetch(request));
}

/** Which answer a request gets from here; null leaves it to the browser, untouched. */
function route(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return null;
  if (request.mode === 'navigate') return isAppPage(url.pathname) ? openPage : null;
  if (url.pathname.startsWith('/assets/') && url.search === '') return openAsset;
  return null;
}

self.addEventListener('install', (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

self.addEventListener('fetch', (event) => {
  const handle = route(event.request);
  if (handle) event.respondWith(handle(event.request));
});

/** The page a notification opens: a path of Hearth's own, never another site (else the Inbox). */
function pushTarget(path) {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return '/inbox';
  const url = new URL(path, self.location.origin);
  return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/inbox';
}

/** A push's payload as the server writes it (server/features/push/push.send.ts), or null. */
function readPush(data) {
  if (!data) return null;
  try {
    const payload = data.json();
    return payload && typeof payload.body === 'string' ? payload : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(typeof payload.title === 'string' ? payload.title : 'Hearth', {
      body: payload.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      // A newer push of the same inbox line replaces the one shown, as the Inbox folds them.
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      renotify: typeof payload.tag === 'string',
      data: { url: pushTarget(payload.path) },
    }),
  );
});

/**
 * A tap: an open Hearth window goes to the page and comes forward; without one, a window opens
 * there. A window the system will not bring forward (the tap's moment has passed) still goes to
 * the page.
 */
async function openFromNotification(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus().catch(() => null);
    return (focused || open).navigate(url);
  }
  return self.clients.openWindow(url);
}

/** What a tap on one of Hearth's notifications does; only a page of Hearth's own is opened. */
function openNotification(notification) {
  notification.close();
  return openFromNotification(pushTarget(notification.data && notification.data.url));
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(event.notification));
});
