/**
 * Which unique index a failed write hit (PostgreSQL error 23505), or null for any other error.
 * Both drivers report the code, possibly wrapped by Drizzle in `cause`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
