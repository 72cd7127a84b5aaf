import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** What a page may be sent as, best first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Pages differ by their meta only, and the same few are asked for again and again. */
const kept = new LRUCache<string, Partial<Record<Encoding, Buffer>>>({ max: 200 });

function compressed(html: string, encoding: Encoding): Buffer {
  let entry = kept.get(html);
  if (!entry) {
    entry = {};
    kept.set(html, entry);
  }
  entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(html, { level: 9 });
  return entry[encoding];
}

/**
 * Sends one of the web app's HTML pages, compressed when the browser takes brotli or gzip (the
 * build's own files go out precompressed; the page is the first thing a browser waits for).
 * `Vary` is always set: public pages may be kept by shared caches.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null) : null;
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(compressed(html, encoding));
}
