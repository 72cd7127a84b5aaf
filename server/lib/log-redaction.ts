import type { FastifyRequest } from 'fastify';

/**
 * What the logs may say about a request. Secrets travel in addresses (the confirmation link's
 * `confirmation_token`, the reset page's `token`, signed upload URLs' `signature`), in cookies and
 * in bodies; logs are kept longer and read by more people than the database, so none of them may
 * land there (OWASP Logging Cheat Sheet, ASVS 5.0 V16.2.5).
 */

export const REDACTED = '[REDACTED]';

/**
 * The path and the query's keys, every value replaced: deny by default, so a parameter added
 * tomorrow (a cursor today, a token next year; a search query is personal too) cannot leak.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const keys = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? pair : `${pair.slice(0, equals)}=${REDACTED}`;
    });
  return `${url.slice(0, mark)}?${keys.join('&')}`;
}

/**
 * Pino serializers for Fastify's request log lines: the same fields Fastify logs by default, with
 * the address redacted. No headers at all (cookies and authorisation live there).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'token',
  'code',
  'invitation_code',
  'confirmation_token',
  'reset_password_token',
  'signature',
];

/**
 * Paths pino blanks wherever they appear in a logged object, as a second line of defence for code
 * that logs headers or a body by hand: cookies, authorisation and the known token fields.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `body.user.${field}`, `req.body.${field}`]),
];
