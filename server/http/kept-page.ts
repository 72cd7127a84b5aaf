import type { FastifyReply } from 'fastify';
import { timeAgo } from '../../shared/domain/time';
import type { ReadCache } from '../db/read-cache';
import { pageOf } from './pagination';

/**
 * A page of a list as it was sent: its paging headers and its body, already serialised by the
 * route's response schema, with the instants it shows as `time_ago` and what each read then.
 */
interface SentPage {
  headers: Record<string, string>;
  body: string;
  shownAt: Date[];
  ages: string[];
}

export interface PageSource<Row> {
  /** Up to `limit + 1` rows: one more than the page says whether another page follows. */
  load: () => Promise<Row[]>;
  limit: number;
  /** A row's timestamp with full database precision, for the next page's cursor. */
  exactAt?: (row: Row) => string;
  /** The instant a row shows as `time_ago`. */
  shownAt: (row: Row) => Date;
  /** The page's rows as the API shows them, relative times counted from `now`. */
  present: (rows: Row[], now: Date) => unknown;
}

/** Whether every relative time on the page still reads as it did when it was built. */
function agesStillRead(sent: SentPage, now = new Date()): boolean {
  return sent.ages.every((age, index) => timeAgo(sent.shownAt[index]!, now) === age);
}

/**
 * Sends one page of a list. The page is built once per data version (the read cache, ADR 028):
 * loaded, presented and serialised through the route's response schema; until data changes, or a
 * relative time on it would read differently ("just now" becoming "1 minute ago"), the same bytes
 * and headers are sent again, with no query, presenting or serialising. Without a cache
 * (PostgreSQL) it is built for every request, the same way.
 */
export async function sendPage<Row extends { createdAt: Date; id: string }>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  source: PageSource<Row>,
): Promise<FastifyReply> {
  const sent = await cache.read<SentPage>(
    key,
    async () => {
      const { page, headers } = pageOf(await source.load(), source.limit, source.exactAt);
      const now = new Date();
      const shownAt = page.map(source.shownAt);
      const body = reply.serialize(await source.present(page, now));
      if (typeof body !== 'string') throw new TypeError('a page must serialise to JSON text');
      return {
        headers,
        body,
        shownAt,
        ages: shownAt.map((at) => timeAgo(at, now)),
      };
    },
    agesStillRead,
  );
  return reply.headers(sent.headers).type('application/json; charset=utf-8').send(sent.body);
}
