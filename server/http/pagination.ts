import type { FastifyReply } from 'fastify';
import { invalidField } from './errors';

/** A keyset position: the last row's (created_at, id). Never an OFFSET. */
export interface Cursor {
  createdAt: Date;
  id: string;
  /**
   * The timestamp exactly as encoded. PostgreSQL keeps microseconds where a Date keeps
   * milliseconds, so keyset conditions compare with `${cursor.at}::timestamptz`.
   */
  at: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * Whether the text names the instant it parsed to. JavaScript rolls February 30 or 24:00 over to
 * the next day and accepts year 0, where PostgreSQL refuses them; a cursor we wrote never has them.
 */
function isRealInstant(iso: string, parsed: Date): boolean {
  if (Number.isNaN(parsed.getTime()) || parsed.getUTCFullYear() < 1) return false;
  return parsed.toISOString().slice(0, 19) === iso.slice(0, 19);
}

/** `createdAt` may be a Date or an exact ISO text from the database (with microseconds). */
export function encodeCursor(row: { createdAt: Date | string; id: string }): string {
  const at = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(`${at}|${row.id}`).toString('base64url');
}

/** Reads `?after=`; a malformed cursor is a 422 on the field `after`, never a 500. */
export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const [iso, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!iso || !ISO_UTC.test(iso) || !id || !UUID.test(id) || !isRealInstant(iso, createdAt)) {
    throw invalidField('after', 'is invalid');
  }
  return { createdAt, id, at: iso };
}

/** A page cut from up to `limit + 1` rows, and the headers that say whether another follows. */
export function pageOf<T extends { createdAt: Date; id: string }>(
  rows: T[],
  limit: number,
  exactAt?: (row: T) => string,
): { page: T[]; headers: Record<string, string> } {
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  const last = page[page.length - 1];
  const headers: Record<string, string> = { 'x-has-next-page': hasNext ? 'true' : 'false' };
  if (hasNext && last) {
    headers['x-next-cursor'] = encodeCursor({
      createdAt: exactAt ? exactAt(last) : last.createdAt,
      id: last.id,
    });
  }
  headers['access-control-expose-headers'] = 'x-next-cursor, x-has-next-page';
  return { page, headers };
}

/**
 * Given up to `limit + 1` rows, sets `x-next-cursor` / `x-has-next-page` and returns the page.
 * `exactAt` gives a row's timestamp with full database precision, when the query selected it.
 */
export function paginate<T extends { createdAt: Date; id: string }>(
  reply: FastifyReply,
  rows: T[],
  limit: number,
  exactAt?: (row: T) => string,
): T[] {
  const { page, headers } = pageOf(rows, limit, exactAt);
  reply.headers(headers);
  return page;
}
