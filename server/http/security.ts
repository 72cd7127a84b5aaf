import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/domain/messages';
import { type Config, servedOverHttps } from '../config/env';
import { isApiPath } from './auth';
import { forbidden, HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes authenticated by other means (signed upload URLs). */
    xhrMarker?: boolean;
    /** Set to true on API routes whose body is not JSON (the signed storage upload takes any type). */
    anyBody?: boolean;
  }
}

/**
 * The origins whose pages may write: PUBLIC_ORIGIN and ALLOWED_ORIGINS, never one derived from the
 * request. A Host header is whatever name the browser used, so after DNS rebinding an attacker's
 * page sends Origin == Host and would pass a Host-based check.
 */
export function trustedOrigins(config: Config): Set<string> {
  return new Set([new URL(config.publicOrigin).origin, ...config.allowedOrigins]);
}

/**
 * Cross-site request forgery defence, in depth: a state-changing request must carry the XHR marker
 * header (a plain HTML form cannot set it); a browser that names the request cross-site through
 * Fetch Metadata is refused; and when the browser names an Origin, it must be a trusted one.
 */
export function isAllowedWrite(request: FastifyRequest, origins: Set<string>): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (request.routeOptions.config?.xhrMarker === false) return null;
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') return MESSAGES.missingXhrHeader;
  if (request.headers['sec-fetch-site'] === 'cross-site') return MESSAGES.crossSite;
  const origin = request.headers.origin;
  if (origin !== undefined && !origins.has(origin)) return MESSAGES.crossOrigin;
  return null;
}

/**
 * JSON API writes take JSON bodies only. `text/plain`, forms and multipart are what a cross-site
 * page may send without a CORS preflight, and Fastify would otherwise parse text/plain for us.
 */
export function hasNonJsonBody(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return false;
  if (request.routeOptions.config?.anyBody === true) return false;
  const type = request.headers['content-type'];
  if (type === undefined) {
    const length = Number(request.headers['content-length'] ?? 0);
    return length > 0 || request.headers['transfer-encoding'] !== undefined;
  }
  return type.split(';')[0]!.trim().toLowerCase() !== 'application/json';
}

/**
 * A classic inline script's CSP source: the SHA-256 of its text, exactly as it stands between
 * `<script>` and `</script>`.
 */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The text of each inline script (one without `src`) in an HTML page, in order. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , source]) => source!);
}

/**
 * The content security policy. Scripts come from the app's own origin only; the inline scripts
 * named here (the web app's head scripts, ADR 062) are allowed by their hashes, never by
 * 'unsafe-inline', and only on the page that carries them: every other answer allows none.
 */
export function contentSecurityPolicy(config: Config, allowedInlineScripts: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...new Set(allowedInlineScripts.map(scriptHash))],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // The installable app: its service worker (web/public/sw.js) and manifest come from here only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // The app never writes a <base>: none at all means injected markup cannot repoint the
    // page's relative script and link addresses at another origin.
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    ...(servedOverHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Built once: Fastify's helmet plugin builds the middleware again on every request, parsing the
  // whole policy each time (a tenth of the server's CPU on a signed-in read). The content security
  // policy is ours (contentSecurityPolicy above), so the app's page can replace it with its own.
  const securityHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: servedOverHttps(config),
  });
  const policy = contentSecurityPolicy(config);
  // Every answer carries them: API, pages, files, errors and streams alike. Set on the raw response,
  // so a page's own policy (sendHtml, a Fastify header) takes precedence when the head is written.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('content-security-policy', policy);
    securityHeaders(request.raw, reply.raw, () => done());
  });

  const origins = trustedOrigins(config);
  app.addHook('onRequest', async (request) => {
    const problem = isAllowedWrite(request, origins);
    if (problem) throw forbidden(problem);
    if (hasNonJsonBody(request)) throw new HttpError(415, { error: MESSAGES.jsonOnly });
  });
}
