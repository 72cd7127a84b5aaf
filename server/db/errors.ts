/**
 * The constraint a failed write hit, when PostgreSQL reports `code` (23505 unique, 23503 foreign
 * key), or null for any other error. Both drivers report the code, possibly wrapped by Drizzle in
 * `cause`.
 */
function violation(error: unknown, code: string): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === code) return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

/** Which unique index a failed write hit, or null. */
export const uniqueViolation = (error: unknown) => violation(error, '23505');

/** Which foreign key a failed write hit (the row it points at was deleted meanwhile), or null. */
export const foreignKeyViolation = (error: unknown) => violation(error, '23503');
