import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { createLiveHub, type LiveHub } from './live-hub';
import type { LiveEvent } from './live-events';

/** A comment line keeps proxies and the server's 30 s idle limit from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser's EventSource reconnects on its own; the new
 * request passes the session check again, so a stream never outlives its session by more than this.
 */
export const STREAM_LIFETIME_MS = 15 * 60_000;
/** A client that reads nothing while this much waits unsent is cut off rather than buffered without end. */
const MAX_UNSENT_BYTES = 1024 * 1024;

/**
 * GET /api/events: the signed-in member's Server-Sent Event stream (link reading progress, new
 * posts). Each event is a hint to refetch: `data: {"type": "link.updated", "linkId": …}`.
 */
export function registerEventRoutes(app: App, context: RouteContext): LiveHub {
  const hub = createLiveHub({ database: context.database, db: context.db, logger: context.logger });
  app.addHook('onReady', () => hub.start());
  // Before the server waits for open connections to finish: streams never would.
  app.addHook('preClose', () => hub.stop());

  app.get('/api/events', { preValidation: signedInOnly }, (request, reply) => {
    const user = requireUser(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Never held back by a proxy (nginx buffers otherwise): each event must leave at once.
      // Hearth registers no compression, so nothing here compresses it either.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    res.write('retry: 3000\n: connected\n\n');

    let ended = false;
    const stream = {
      userId: user.id,
      send(event: LiveEvent) {
        if (ended) return;
        if (res.writableLength > MAX_UNSENT_BYTES) return finish();
        res.write(`data: ${JSON.stringify(event)}\n\n`);
      },
      close: () => finish(),
    };
    const remove = hub.add(stream);
    const heartbeat = setInterval(() => {
      if (!ended) res.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    const lifetime = setTimeout(() => finish(), STREAM_LIFETIME_MS);

    function finish() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      remove();
      res.end();
    }
    request.raw.on('close', finish);
    res.on('error', finish);
  });

  return hub;
}
