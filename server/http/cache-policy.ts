import type { FastifyInstance } from 'fastify';
import { isApiPath } from './auth';

/**
 * The longest a browser or a shared cache (a CDN, a proxy) may keep anything a member published:
 * published posts and links, their pages and feed, public files, lead images and avatars. An
 * author who withdraws a post or a photo must see it gone everywhere within a minute, so no
 * stale-while-revalidate either: a cache could serve the old answer for that long again.
 */
export const SHARED_CACHE_SECONDS = 60;
export const SHARED_CACHE = `public, max-age=${SHARED_CACHE_SECONDS}`;

/**
 * API answers are never stored by a browser or a shared cache unless their route says so: they
 * may carry a member's data (today `/api/invitations` lists live invitation codes), and the back
 * button or a proxy would otherwise show them to the next person at the keyboard (OWASP ASVS 5.0
 * V14.3.2, Session Management Cheat Sheet). Routes that serve the same bytes to everyone (published
 * posts, public files) set their own `cache-control` and keep it, except when the answer sets a
 * cookie: a cached Set-Cookie would hand one member's session to everyone the cache serves.
 *
 * An `onSend` hook so it sees the final headers: the cookie plugin writes Set-Cookie in its own
 * onSend hook, registered before this one.
 */
export function registerCachePolicy(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiPath(request.url)) return payload;
    if (reply.hasHeader('set-cookie') || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
