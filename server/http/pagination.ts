import type { FastifyReply } from 'fastify';
import { invalidField } from './errors';

/** A keyset position: the last row's (created_at, id). Never an OFFSET. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** Reads `?after=`; a malformed cursor is a 422 on the field `after`, never a 500. */
export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const [iso, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) throw invalidField('after', 'is invalid');
  return { createdAt, id };
}

/**
 * Given up to `limit + 1` rows, sets `x-next-cursor` / `x-has-next-page` and returns the page.
 */
export function paginate<T extends { createdAt: Date; id: string }>(reply: FastifyReply, rows: T[], limit: number): T[] {
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  const last = page[page.length - 1];
  reply.header('x-has-next-page', hasNext ? 'true' : 'false');
  if (hasNext && last) reply.header('x-next-cursor', encodeCursor(last));
  reply.header('access-control-expose-headers', 'x-next-cursor, x-has-next-page');
  return page;
}
