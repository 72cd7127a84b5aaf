import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Route option (`onSend`): a successful answer may be cached by anyone, unless it sets a cookie
 * (a member's session sliding forward): a shared cache must never store and replay someone's
 * Set-Cookie. At send time, because the cookie plugin writes Set-Cookie in its own onSend hook,
 * which runs before a route's. Errors (404, 429) are left uncached.
 */
export function cacheableByEveryone(policy: string) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) {
      reply.header('cache-control', reply.hasHeader('set-cookie') ? 'private, no-cache' : policy);
    }
    return payload;
  };
}
