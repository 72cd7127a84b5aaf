import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import { acceptedEncoding, compressed } from './compression';
import { inLocale, requestLocale } from './language';
import { contentSecurityPolicy, inlineScripts } from './security';

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
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(html);
  // Pages differ by their meta only, and the same few are asked for again and again: each is
  // compressed once, at the highest level.
  return reply.header('content-encoding', encoding).send(compressed(html, encoding, { best: true }));
}
