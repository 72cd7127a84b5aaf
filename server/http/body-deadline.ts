import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/domain/messages';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The local store's upload PUT: its body (a full-size file on a slow line) may take as long
     * as the server's whole-request timeout, not the short body deadline every other route has.
     */
    longBody?: boolean;
  }
}

/**
 * Every request body must have arrived within `deadlineMs` of its headers, except on routes marked
 * `longBody`. Node's `requestTimeout` is one value for the whole server and must fit the upload
 * PUT, so alone it would let a JSON body trickled one byte at a time hold a connection (and a
 * parser's buffer) for ten minutes on any route; the idle timeout never fires while bytes keep
 * coming. A body late past the deadline is answered 408 in the API's error shape, and the
 * connection closed: the rest of it is not worth reading.
 *
 * A `preParsing` hook hands the body parser a stream that fails at the deadline; Fastify answers
 * a failed body stream with the error's status, through the error handler.
 */
export function registerBodyDeadline(app: FastifyInstance, deadlineMs: number) {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.routeOptions.config?.longBody === true || !announcesBody(request)) return payload;
    const guarded = new PassThrough();
    const settle = () => clearTimeout(timer);
    const timer = setTimeout(() => {
      payload.unpipe(guarded);
      guarded.destroy(new HttpError(408, { error: MESSAGES.bodyTimeout }, { connection: 'close' }));
    }, deadlineMs);
    payload.once('end', settle);
    reply.raw.once('close', settle);
    // The parser listens while it reads; this keeps a late failure nobody reads from being thrown.
    guarded.on('error', () => undefined);
    return payload.pipe(guarded);
  });
}

function announcesBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}
