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

export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Built once: Fastify's helmet plugin builds the middleware again on every request, parsing the
  // whole policy each time (a tenth of the server's CPU on a signed-in read).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The installable app: its service worker (web/public/sw.js) and manifest come from here only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The app never writes a <base>: none at all means injected markup cannot repoint the
        // page's relative script and link addresses at another origin.
        baseUri: ["'none'"],
        formAction: ["'self'"],
        ...(servedOverHttps(config) ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: servedOverHttps(config),
  });
  // Every answer carries them: API, pages, files and errors alike.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  const origins = trustedOrigins(config);
  app.addHook('onRequest', async (request) => {
    const problem = isAllowedWrite(request, origins);
    if (problem) throw forbidden(problem);
    if (hasNonJsonBody(request)) throw new HttpError(415, { error: MESSAGES.jsonOnly });
  });
}
