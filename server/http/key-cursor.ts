import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { invalidField } from './errors';

/**
 * A keyset position for lists sorted by something other than (created_at, id): the sort keys of
 * the last row shown (a lower-cased name, a rank, an exact timestamp text) and its id. Opaque to
 * clients; never an OFFSET. Same headers as the timelines: `x-next-cursor`, `x-has-next-page`.
 */
export interface KeyCursor {
  keys: (string | number)[];
  id: string;
}

const KeyCursorSchema = z.tuple([
  z.array(z.union([z.string().max(400), z.number().int().min(-1_000_000).max(1_000_000)])).max(4),
  z.string().uuid(),
]);

export function encodeKeyCursor(cursor: KeyCursor): string {
  return Buffer.from(JSON.stringify([cursor.keys, cursor.id])).toString('base64url');
}

/**
 * Reads `?after=` for a list whose keys have these types; anything else (tampered, from another
 * list or sort) is a 422 on the field `after`, never a 500.
 */
export function decodeKeyCursor(value: string | undefined, types: ('string' | 'number')[]): KeyCursor | null {
  if (!value) return null;
  const invalid = invalidField('after', 'is invalid');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const result = KeyCursorSchema.safeParse(parsed);
  if (!result.success) throw invalid;
  const [keys, id] = result.data;
  if (keys.length !== types.length || keys.some((key, index) => typeof key !== types[index])) throw invalid;
  if (keys.some((key) => typeof key === 'string' && key.includes('\u0000'))) throw invalid;
  return { keys, id };
}

/** Given up to `limit + 1` rows, sets the paging headers and returns the page. */
export function paginateByKey<T extends { id: string }>(
  reply: FastifyReply,
  rows: T[],
  limit: number,
  keysOf: (row: T) => (string | number)[],
): T[] {
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  const last = page[page.length - 1];
  reply.header('x-has-next-page', hasNext ? 'true' : 'false');
  if (hasNext && last) reply.header('x-next-cursor', encodeKeyCursor({ keys: keysOf(last), id: last.id }));
  reply.header('access-control-expose-headers', 'x-next-cursor, x-has-next-page');
  return page;
}
