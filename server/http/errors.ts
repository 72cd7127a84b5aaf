import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../shared/domain/messages';
import { connectionFailure, findCause, statementCancelled } from '../db/errors';

export type FieldErrors = Record<string, string[]>;

/** An error that leaves the server as-is: a status and a body in the API's error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { error: string } | { errors: FieldErrors },
    readonly headers: Record<string, string> = {},
  ) {
    super('error' in body ? body.error : JSON.stringify(body.errors));
  }
}

export const unauthorized = () => new HttpError(401, { error: MESSAGES.unauthenticated });
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, { error: message });
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, { error: message });
export const badRequest = (message: string = MESSAGES.badRequest) => new HttpError(400, { error: message });
export const unprocessable = (errors: FieldErrors) => new HttpError(422, { errors });
/** 422 with a single field's single message. */
export const invalidField = (field: string, message: string) => unprocessable({ [field]: [message] });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    { error: MESSAGES.rateLimited },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/**
 * 507: the file store is full (StorageFullError); nothing was kept and the operator must free space.
 * The one answer of both the upload route (`closeConnection`: the rest of the body is not worth
 * reading) and the error handler (a full store met later, e.g. keeping an upload's checked copy).
 */
export const storageFull = ({ closeConnection = false } = {}) =>
  new HttpError(507, { error: MESSAGES.storageFull }, closeConnection ? { connection: 'close' } : {});

/**
 * Turns a validation issue path such as ['body','user','email'] into the field name 'email'; an
 * item of a list is its list's field (['body','post','file_request_ids','3'] → 'file_request_ids').
 */
export function fieldOf(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const part = path[i];
    if (
      typeof part === 'string' &&
      !/^\d+$/.test(part) &&
      !['body', 'querystring', 'params', 'headers'].includes(part)
    )
      return part;
  }
  return 'base';
}

/**
 * True when the error, or what it wraps (Drizzle wraps driver errors in `cause`), says a service the
 * request needs is down: statusCode 503 (the embedded database's thread stopped), or a PostgreSQL
 * server that cannot be reached, is restarting or crashed (see connectionFailure), or a statement it
 * cancelled at its timeout. One walk answers all three.
 */
export function isUnavailable(error: unknown): boolean {
  return (
    findCause(
      error,
      (candidate) =>
        candidate.statusCode === 503 || connectionFailure(candidate) || statementCancelled(candidate),
    ) !== null
  );
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const answer = (httpError: HttpError) =>
      reply.status(httpError.statusCode).headers(httpError.headers).send(httpError.body);
    if (error instanceof HttpError) return answer(error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const { instancePath, message, params } of error.validation) {
        const issuePath =
          (params as { issue?: { path?: PropertyKey[] } })?.issue?.path ?? instancePath.split('/');
        const field = fieldOf(issuePath.filter((p) => p !== ''));
        (errors[field] ??= []).push(message ?? 'is invalid');
      }
      return reply.status(422).send({ errors });
    }
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'request failed: the database is unavailable');
      return reply.status(503).send({ error: MESSAGES.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status === 507) {
      request.log.error({ err: error }, 'request failed: no space left in the file store');
      return answer(storageFull());
    }
    if (status >= 400 && status < 500) {
      const message = status === 429 ? MESSAGES.rateLimited : error.message || MESSAGES.badRequest;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: MESSAGES.serverError });
  });
}
