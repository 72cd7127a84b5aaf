import type { FastifyReply } from 'fastify';
import { agesReadUntil, agesStillRead } from '../../shared/domain/time';
import type { ReadCache } from '../db/read-cache';
import { pageOf } from './pagination';

/**
 * A page of a list as it was built: its paging headers and its body as the API shows it, and until
 * when every `time_ago` on it reads as it did then. Without live fields its body is
 * serialised once, by the route's response schema; with them (`PageSource.live`), each item's text
 * without them is, and the last body sent is kept with the live answer it was built from.
 */
interface SentPage {
  headers: Record<string, string>;
  /** The serialised body (no live fields), or null when the live fields are filled in per request. */
  body: string | null;
  /** With live fields: each item's JSON text without them, in order. */
  stills: string[] | null;
  /** The ids of the page's rows, in order (what the live fields are read for). */
  ids: string[];
  /** The first instant (epoch ms) at which a relative time on the page may read differently. */
  agesReadUntil: number;
  /** With live fields: the last body sent, and the live answer it was built from. */
  last?: { live: unknown; body: string };
}

/**
 * Fields of each item that change far more often than the rest (a post's like and comment counts,
 * and whether the viewer liked it): read per request through a kept read of their own, so a like
 * takes away only the counts of the pages that show the post, never the page itself. The rest of
 * each item is serialised once per kept page (`still`); a request writes only the live fields'
 * text (`fields`) and joins the two, so a changed count costs the page's counts, not the page.
 */
export interface LiveFields<Live, Item = unknown> {
  /** The kept read's key for these ids. */
  key: (ids: string[]) => string;
  load: (ids: string[]) => Promise<Live>;
  /** An item's JSON object text without its live fields, through its response schema. */
  still: (item: Item) => string;
  /** The live fields of the item with this id, as JSON object text through their response schema. */
  fields: (id: string, live: Live) => string;
}

export interface PageSource<Row, Live = unknown, Item = unknown> {
  /** Up to `limit + 1` rows: one more than the page says whether another page follows. */
  load: () => Promise<Row[]>;
  limit: number;
  /** A row's timestamp with full database precision, for the next page's cursor. */
  exactAt?: (row: Row) => string;
  /** The instant a row shows as `time_ago` (several, when it shows others nested: a comment's replies). */
  shownAt: (row: Row) => Date | Date[];
  /**
   * The page's rows as the API shows them, relative times counted from `now`: with live fields, one
   * item per row, in order (the body is their array).
   */
  present: (rows: Row[], now: Date) => unknown;
  live?: LiveFields<Live, Item>;
}

/** Two JSON object texts as one object's text (the keys of each are distinct). */
export function joinedObjects(first: string, second: string): string {
  if (second === '{}') return first;
  if (first === '{}') return second;
  return `${first.slice(0, -1)},${second.slice(1)}`;
}

function serialised(reply: FastifyReply, payload: unknown): string {
  const body = reply.serialize(payload);
  if (typeof body !== 'string') throw new TypeError('a page must serialise to JSON text');
  return body;
}

/**
 * Sends one page of a list. The page is built once per version of what it read (the read cache,
 * ADR 028, ADR 042): loaded, presented and serialised through the route's response schema; until a
 * table it read changes, or a relative time on it would read differently ("just now" becoming
 * "1 minute ago"), the same bytes and headers are sent again, with no query, presenting or
 * serialising. Live fields are read per request through their own kept read; when they changed,
 * only their text is written, and joined to each item's kept text. Without a cache it is built for
 * every request, the same way.
 */
export async function sendPage<Row extends { createdAt: Date; id: string }, Live = unknown, Item = unknown>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  source: PageSource<Row, Live, Item>,
): Promise<FastifyReply> {
  const { live } = source;
  const sent = await cache.read<SentPage>(
    key,
    async () => {
      const { page, headers } = pageOf(await source.load(), source.limit, source.exactAt);
      const now = new Date();
      const items = await source.present(page, now);
      return {
        headers,
        body: live ? null : serialised(reply, items),
        stills: live ? (items as Item[]).map(live.still) : null,
        ids: page.map((row) => row.id),
        agesReadUntil: agesReadUntil(page.flatMap(source.shownAt), now),
      };
    },
    agesStillRead,
  );
  let body = sent.body;
  if (body === null) {
    const values = await cache.read(live!.key(sent.ids), () => live!.load(sent.ids));
    if (sent.last?.live === values) {
      body = sent.last.body;
    } else {
      const items = sent.stills!.map((still, index) =>
        joinedObjects(still, live!.fields(sent.ids[index]!, values)),
      );
      body = `[${items.join(',')}]`;
      sent.last = { live: values, body };
      cache.grew?.(key);
    }
  }
  return reply.headers(sent.headers).type('application/json; charset=utf-8').send(body);
}
