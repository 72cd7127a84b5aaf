import { noReadCache, type ReadCache } from '../db/read-cache';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Config, servedOverHttps } from '../config/env';
import type { Db } from '../db/client';
import { sessionExpiry } from '../features/sessions/session-lifetime';
import { SessionPresence } from '../features/sessions/session-presence';
import {
  deleteSessionByHash,
  extendSession,
  findLiveSession,
  insertSession,
  markSessionSeen,
  type SessionUser,
} from '../features/sessions/sessions.repo';
import { hashToken, randomToken } from '../lib/tokens';
import { acceptedLanguages, preferredLocale } from '../../shared/domain/locales';
import { recordBrowserLocale } from '../features/users/users.repo';
import { keepLocaleChoice } from './language';
import { unauthorized } from './errors';

/** The session cookie's name over plain http (development, tests). */
export const SESSION_COOKIE = 'hearth_session';
/**
 * Its name behind https: browsers accept a `__Host-` cookie only with Secure, Path=/ and no
 * Domain, so neither a sibling subdomain nor a plain-http attacker can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Whether a request URL is an API call (everything else is the web app's files and pages). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
/** A session's expiry slides forward at most once an hour, not on every request. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;
/** The session list's "last seen" (and the network it was seen from) is written at most once a minute. */
const SEEN_AFTER_MS = 60 * 1000;

export type CurrentUser = SessionUser;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null. Loaded once per request from the session cookie. */
    currentUser: CurrentUser | null;
    /** The id of the request's session (null when signed out): the member's "This device". */
    sessionId: string | null;
  }
}

export interface Sessions {
  /** Starts a fresh session (a new token, so sign-in rotates it) and sets the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** Revokes the request's session, if any, and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export async function registerAuth(
  app: FastifyInstance,
  config: Config,
  db: Db,
  readCache: ReadCache = noReadCache,
): Promise<Sessions> {
  await app.register(cookie);
  const secure = servedOverHttps(config);
  const cookieName = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };

  const setCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(cookieName, token, { ...cookieOptions, expires: expiresAt });

  const presence = new SessionPresence(SEEN_AFTER_MS);

  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  // preValidation, not preHandler: a signed-out request is answered 401 before its body is judged.
  // Only API calls need the member: the web app's files and pages are the same for everyone, and a
  // page load fetching a dozen assets should not cost a dozen session look-ups.
  app.addHook('preValidation', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 200) return;
    const now = new Date();
    const found = await findLiveSession(db, hashToken(token), now, readCache);
    if (!found) {
      reply.clearCookie(cookieName, cookieOptions);
      return;
    }
    request.currentUser = found.user;
    request.sessionId = found.session.id;
    if (now.getTime() - found.session.lastUsedAt.getTime() > SLIDE_AFTER_MS) {
      const expiresAt = sessionExpiry(found.session.createdAt, now);
      await extendSession(db, found.session.id, now, expiresAt);
      setCookie(reply, token, expiresAt);
    }
    if (presence.due(found.session.id, found.session.lastSeenAt, now)) {
      await markSessionSeen(db, found.session.id, now, request.ip);
      presence.marked(found.session.id, now);
    }
  });

  return {
    async start(request, reply, userId) {
      const previous = request.cookies[cookieName];
      if (previous) await deleteSessionByHash(db, hashToken(previous));
      const token = randomToken();
      const now = new Date();
      const expiresAt = sessionExpiry(now, now);
      await insertSession(db, {
        userId,
        createdAt: now,
        lastSeenAt: now,
        tokenHash: hashToken(token),
        expiresAt,
        userAgent: request.headers['user-agent']?.slice(0, 500),
        ip: request.ip,
      });
      setCookie(reply, token, expiresAt);
      // This browser's language is the member's until they choose one; a chosen one follows them.
      const browserLocale = preferredLocale(acceptedLanguages(request.headers['accept-language']));
      keepLocaleChoice(reply, await recordBrowserLocale(db, userId, browserLocale), config);
    },
    async end(request, reply) {
      const token = request.cookies[cookieName];
      if (token) await deleteSessionByHash(db, hashToken(token));
      reply.clearCookie(cookieName, cookieOptions);
      keepLocaleChoice(reply, null, config);
      request.currentUser = null;
      request.sessionId = null;
    },
  };
}

/** The signed-in member, or a 401 in the API's error shape. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/**
 * Route option for member-only routes: `{ preValidation: signedInOnly }` answers 401 before
 * validation, so a signed-out client never sees a 422 about a body it may not send.
 */
export async function signedInOnly(request: FastifyRequest) {
  requireUser(request);
}
