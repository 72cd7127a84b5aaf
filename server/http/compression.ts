import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isApiPath } from './auth';

/** What an answer may be sent as, best first. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The encoding this request takes, best first; null when it takes neither. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  return accepted ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null) : null;
}

/**
 * Below about one packet, compressing saves no round trip and costs the CPU and the headers. A page
 * of the timeline is 10 to 60 KB of JSON and comes down to about a third of that at brotli's
 * quality 1 (15 KB to 4.6 KB, measured on posts of varied words).
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli at its fastest quality for answers made per request: 55 microseconds for a 15 KB page of
 * JSON, about a tenth larger than gzip's level 6 at less than half its time (measured; quality 4
 * took 135). Text sent again and again (the web app's page) takes the highest levels, once.
 */
function compressNow(text: string | Buffer, encoding: Encoding, best: boolean): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: best ? 9 : 1,
          // A window of 256 KB holds any answer whole, without the default 4 MB's allocation.
          [zlib.BROTLI_PARAM_LGWIN]: 18,
          [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(text, { level: best ? 9 : 1 });
}

/**
 * The same text sent again (a kept page of the timeline, the web app's page) is compressed once per
 * encoding: its bytes are kept beside it, up to 1 MB of text and bytes in all (a text already kept
 * elsewhere costs only its bytes here), the least recently sent let go first.
 */
const sentAgain = new LRUCache<string, Partial<Record<Encoding, Buffer>>>({
  maxSize: 1024 * 1024,
  sizeCalculation: (entry, text) => text.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + 1,
});

export function compressed(text: string, encoding: Encoding, { best = false } = {}): Buffer {
  const entry = sentAgain.get(text) ?? {};
  const known = entry[encoding];
  if (known) return known;
  entry[encoding] = compressNow(text, encoding, best);
  sentAgain.set(text, entry);
  return entry[encoding];
}

function appendVary(reply: FastifyReply, field: string) {
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string' || vary === '') reply.header('vary', field);
  else if (
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field)
  )
    reply.header('vary', `${vary}, ${field}`);
}

/**
 * API answers of JSON go out compressed when the browser takes brotli or gzip and they are worth
 * it (`COMPRESS_FROM_BYTES`): a phone on a slow network waits for the post it opened, not for its
 * bytes (ADR 065). Only answers to GET: the answers that carry a secret once (a new invitation's
 * code, an authenticator's key, recovery codes) answer a POST, and a secret compressed beside text
 * an attacker chose can be read from the answer's length (BREACH). An answer that sets a cookie is
 * never compressed either. Ranges, files and the live stream are not JSON text and pass untouched.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method !== 'GET' ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      !isApiPath(request.url) ||
      reply.statusCode !== 200
    ) {
      return done(null, payload);
    }
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    appendVary(reply, 'accept-encoding');
    const encoding = acceptedEncoding(request);
    if (
      !encoding ||
      payload.length < COMPRESS_FROM_BYTES ||
      reply.hasHeader('content-encoding') ||
      reply.hasHeader('set-cookie')
    ) {
      return done(null, payload);
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(
      null,
      typeof payload === 'string' ? compressed(payload, encoding) : compressNow(payload, encoding, false),
    );
  });
}
