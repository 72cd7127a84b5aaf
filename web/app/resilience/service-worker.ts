/**
 * Registers the service worker (web/public/sw.js: the app shell only, never member data) once the
 * page has loaded, so it never competes with the first screen. Production builds only (web/main.tsx):
 * in development Vite serves unhashed modules the worker must not keep.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // The app works without it; only opening offline is lost.
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
