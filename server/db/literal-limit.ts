import { sql } from 'drizzle-orm';

/**
 * A LIMIT written into the statement's text instead of bound as a parameter, for the lists a
 * request pages through. Statements are prepared by text (ADR 028), and PostgreSQL estimates a
 * bound LIMIT at a tenth of the rows: the generic plan then looks far costlier than a custom one,
 * so every execution was planned again (3.5 ms of planning for a 0.6 ms timeline page). With the
 * number in the text the generic plan is chosen after five executions. Page sizes are few (the API
 * bounds them), so the texts stay few.
 *
 * Typed as a number for drizzle's `.limit()`, which writes an SQL chunk as it is.
 */
export function literalLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}
