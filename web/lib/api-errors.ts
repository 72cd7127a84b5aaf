import { t } from '@web/i18n/i18n';
import { fieldName, serverText } from './server-texts';

/**
 * The error catalogue of spec section 8: one place that turns any failure (an HTTP error response,
 * a network failure, a timeout, a thrown Error) into the message a screen shows, in the member's
 * language when the words are the spec's or Hearth's own (./server-texts.ts), as the server sent
 * them otherwise.
 */

export type FieldErrors = Record<string, string[]>;

/** The message id of each status's default text (spec section 8). */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'lib.apiErrors.status400',
  401: 'lib.apiErrors.status401',
  403: 'lib.apiErrors.status403',
  404: 'lib.apiErrors.status404',
  422: 'lib.apiErrors.status422',
  500: 'lib.apiErrors.status500',
  503: 'lib.apiErrors.status503',
};

/**
 * No response, or a proxy's 502/504, while the browser is online: Hearth's server is down or
 * restarting, and the member's connection is not to blame (ADR 040).
 */
export function serverNotAnsweringMessage(): string {
  return t('lib.apiErrors.serverNotAnswering');
}

/** Statuses a reverse proxy answers when the server behind it is down or restarting. */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export function statusMessage(status: number): string {
  // 503 keeps the spec's own text ('Service unavailable…'); 502 and 504 have none of their own.
  if (status === 502 || status === 504) return serverNotAnsweringMessage();
  return t(STATUS_MESSAGES[status] ?? 'lib.apiErrors.otherStatus');
}

/** True when the browser knows it has no network (navigator.onLine false). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** How the request failed: the server answered (`http`), or it never did (`network`, `timeout`). */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/**
 * What the API client throws. `data` is the parsed response body (JSON or text) when the server
 * answered; `message` is already the catalogue message, so `error.message` is safe to show.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly data: unknown;
  readonly headers: Headers | undefined;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number;
    data?: unknown;
    headers?: Headers;
    fieldErrors?: FieldErrors;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.data = init.data;
    this.headers = init.headers;
    this.fieldErrors = init.fieldErrors;
  }

  /** True when the server answered with this status. */
  is(status: number): boolean {
    return this.status === status;
  }
}

export interface ParsedError {
  message: string;
  status?: number;
  fieldErrors?: FieldErrors;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `{field: ['msg', …]}` (a bare string per field is accepted too); entries without messages are
 * dropped. The spec's messages read in the member's language ("can't be blank").
 */
export function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string' && message.length > 0,
    );
    if (list.length > 0) result[field] = list.map(serverText);
  }
  return result;
}

/** "email has already been taken. password confirmation doesn't match" */
export function joinFieldErrors(fieldErrors: FieldErrors): string {
  return Object.entries(fieldErrors)
    .map(([field, messages]) =>
      t('lib.apiErrors.fieldMessages', { field: fieldName(field), messages: messages.join(', ') }),
    )
    .join('. ');
}

/** The message and field errors of an error response body, as section 8 parses them. */
export function parseErrorResponse(status: number, data: unknown): ParsedError {
  if (isRecord(data) && 'errors' in data && isRecord(data.errors)) {
    const fieldErrors = readFieldErrors(data.errors) ?? {};
    const hasEntries = Object.keys(fieldErrors).length > 0;
    return {
      status,
      fieldErrors,
      message: hasEntries ? joinFieldErrors(fieldErrors) : statusMessage(status),
    };
  }
  if (isRecord(data)) {
    if (typeof data.message === 'string' && data.message)
      return { status, message: serverText(data.message) };
    if (typeof data.error === 'string' && data.error) return { status, message: serverText(data.error) };
  }
  // A gateway's text body is the proxy's error page, not Hearth's words.
  if (typeof data === 'string' && data.trim() && !GATEWAY_STATUSES.has(status))
    return { status, message: serverText(data) };
  return { status, message: statusMessage(status) };
}

/** Any thrown value → the message to show (and the status and field errors when the server answered). */
export function parseApiError(error: unknown): ParsedError {
  if (error instanceof ApiError) {
    // Without a response the message says whether the browser was offline (noResponseError).
    if (error.kind !== 'http' || error.status === undefined) return { message: error.message };
    // The client built the message from the response when it threw (see httpError below).
    return { message: error.message, status: error.status, fieldErrors: error.fieldErrors };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: t('lib.apiErrors.unexpected') };
}

/** The error the API client throws for a response with a failing status. */
export function httpError(status: number, data: unknown, headers?: Headers): ApiError {
  const parsed = parseErrorResponse(status, data);
  return new ApiError({
    kind: 'http',
    status,
    data,
    headers,
    message: parsed.message,
    fieldErrors: parsed.fieldErrors,
  });
}

/**
 * The error the API client throws when no response arrived: the spec's network message when the
 * browser is offline, else that Hearth is not answering (the server, not the member's connection).
 */
export function noResponseError(kind: 'network' | 'timeout', cause?: unknown): ApiError {
  // The spec's text for no response is said when the browser is offline, where it is true (ADR 040).
  const message = browserOffline() ? t('lib.apiErrors.network') : serverNotAnsweringMessage();
  return new ApiError({ kind, message, cause });
}

/** Shorthand for screens that only need the text. */
export function errorMessage(error: unknown): string {
  return parseApiError(error).message;
}

/**
 * The server's own `error` (or `message`) text from a failed response, when it sent one (in the
 * member's language when it is one of the spec's texts).
 */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'http') return undefined;
  const data = error.data;
  if (isRecord(data)) {
    if (typeof data.error === 'string' && data.error) return serverText(data.error);
    if (typeof data.message === 'string' && data.message) return serverText(data.message);
    return undefined;
  }
  if (typeof data === 'string' && data.trim()) return serverText(data);
  return undefined;
}

/** Field errors of a failed response (empty when there are none). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.kind === 'http')
    return readFieldErrors(errorsObject(error.data)) ?? {};
  return {};
}

function errorsObject(data: unknown): unknown {
  return isRecord(data) ? data.errors : undefined;
}
