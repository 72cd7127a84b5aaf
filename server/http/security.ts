import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/domain/messages';
import type { Config } from '../config/env';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes authenticated by other means (signed upload URLs). */
    xhrMarker?: boolean;
  }
}

/** The origin this request was addressed to, as the browser would write it. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery defence: a state-changing request must carry the XHR marker header,
 * which a plain HTML form cannot set, and, when the browser names an Origin, it must be ours.
 */
export function isAllowedWrite(request: FastifyRequest, config: Config): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (request.routeOptions.config?.xhrMarker === false) return null;
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') return MESSAGES.missingXhrHeader;
  const origin = request.headers.origin;
  if (origin && origin !== config.publicOrigin && origin !== requestOrigin(request))
    return MESSAGES.crossOrigin;
  return null;
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.publicOrigin.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicOrigin.startsWith('https://'),
  });

  app.addHook('onRequest', async (request) => {
    const problem = isAllowedWrite(request, config);
    if (problem) throw forbidden(problem);
  });
}
