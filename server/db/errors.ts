/** What the walker reads of an error or of anything it wraps. */
export interface ErrorLike {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The first of the error and what it wraps that passes `test`, or null: Drizzle wraps driver errors
 * in `cause`, and a connect to a name with several addresses fails with an AggregateError of each
 * attempt (`errors`). Breadth first, each object once, at most 10.
 */
export function findCause(error: unknown, test: (candidate: ErrorLike) => boolean): ErrorLike | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as ErrorLike;
    if (test(candidate)) return candidate;
    queue.push(candidate.cause);
    if (Array.isArray(candidate.errors)) queue.push(...(candidate.errors as unknown[]));
  }
  return null;
}

/**
 * The constraint a failed write hit, when PostgreSQL reports `code` (23505 unique, 23503 foreign
 * key), or null for any other error. Both drivers report the code, possibly wrapped by Drizzle in
 * `cause`.
 */
function violation(error: unknown, code: string): string | null {
  const hit = findCause(error, (candidate) => candidate.code === code);
  if (!hit) return null;
  return typeof hit.constraint === 'string' ? hit.constraint : '';
}

/** Which unique index a failed write hit, or null. */
export const uniqueViolation = (error: unknown) => violation(error, '23505');

/** Which foreign key a failed write hit (the row it points at was deleted meanwhile), or null. */
export const foreignKeyViolation = (error: unknown) => violation(error, '23503');

/** Socket errors of a connection to a server that is down, restarting or unreachable. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What node-postgres says when the server went away mid-connection or a connect timed out. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * True when this error itself (not what it wraps) says the PostgreSQL server cannot be reached or is
 * going away: refused or broken sockets, SQLSTATE class 08 (connection exception), 57P01-57P03
 * (shut down by an administrator, crashed, starting up).
 */
export function connectionFailure(candidate: ErrorLike): boolean {
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  return typeof candidate.message === 'string' && CONNECTION_MESSAGES.test(candidate.message);
}

/**
 * True when PostgreSQL cancelled the statement (SQLSTATE 57014): it ran past `statement_timeout`
 * (server/db/client.ts), so the database is too busy or blocked to answer in time. Like a server
 * that cannot be reached, that is a 503 for the request, not a fault in it.
 */
export function statementCancelled(candidate: ErrorLike): boolean {
  return candidate.code === '57014';
}
