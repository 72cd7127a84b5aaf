import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { inLocale, requestLocale } from './language';

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
 * Sends one of the web app's HTML pages in the browser's language (`<html lang dir>`, ADR 055),
 * compressed when the browser takes brotli or gzip (the build's own files go out precompressed; the
 * page is the first thing a browser waits for). `Vary` is always set: public pages may be kept by
 * shared caches, and the language comes from the headers and the language cookie.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, page: string) {
  const html = inLocale(page, requestLocale(request));
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding, accept-language, cookie');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null) : null;
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(compressed(html, encoding));
}
