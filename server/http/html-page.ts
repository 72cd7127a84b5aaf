import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config/env';
import { inLocale, requestLocale } from './language';
import { contentSecurityPolicy, inlineScripts } from './security';

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
 * The web app's page as the server sends it: the built HTML, and the content security policy that
 * allows exactly the inline scripts of that HTML by their hashes. Made once at start-up from the
 * build's page, before any request's meta (post titles…) is written in, so nothing a request adds
 * can be allowed to run.
 */
export interface HtmlPage {
  html: string;
  policy: string;
}

export function htmlPage(html: string, config: Config): HtmlPage {
  return { html, policy: contentSecurityPolicy(config, inlineScripts(html)) };
}

/**
 * Sends one of the web app's HTML pages in the browser's language (`<html lang dir>`, ADR 055),
 * compressed when the browser takes brotli or gzip (the build's own files go out precompressed; the
 * page is the first thing a browser waits for). `Vary` is always set: public pages may be kept by
 * shared caches, and the language comes from the headers and the language cookie. Its content
 * security policy allows the page's own inline scripts (`htmlPage`).
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: HtmlPage,
  /** The page with this request's meta written in (public pages); the page as built otherwise. */
  withMeta: string = page.html,
) {
  const html = inLocale(withMeta, requestLocale(request));
  reply
    .type('text/html; charset=utf-8')
    .header('vary', 'accept-encoding, accept-language, cookie')
    .header('content-security-policy', page.policy);
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null) : null;
  if (!encoding) return reply.send(html);
  return reply.header('content-encoding', encoding).send(compressed(html, encoding));
}
