import type { FastifyReply } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noReadCache, noteStatement, TableClock, VersionedReadCache } from '../db/read-cache';
import { joinedObjects, sendPage } from './kept-page';

interface Row {
  id: string;
  createdAt: Date;
}

const NOW = new Date('2026-11-26T12:00:00.000Z');

/** The parts of a Fastify reply `sendPage` uses, recording what was sent. */
function fakeReply() {
  const sent = { headers: {} as Record<string, string>, type: '', body: '' };
  const reply = {
    serialize: (payload: unknown) => JSON.stringify(payload),
    headers(values: Record<string, string>) {
      Object.assign(sent.headers, values);
      return reply;
    },
    type(value: string) {
      sent.type = value;
      return reply;
    },
    send(body: string) {
      sent.body = body;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

/** A page source over `rows` that counts its loads and presentations. */
function source(rows: Row[], limit = 2) {
  const counts = { loads: 0, presented: 0 };
  return {
    counts,
    page: {
      load: async () => {
        counts.loads++;
        noteStatement('select * from "posts"');
        return rows;
      },
      limit,
      shownAt: (row: Row) => row.createdAt,
      present: (page: Row[], now: Date) => {
        counts.presented++;
        return page.map((row) => ({ id: row.id, seconds: (now.getTime() - row.createdAt.getTime()) / 1000 }));
      },
    },
  };
}

const rows: Row[] = [
  { id: '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c001', createdAt: new Date(NOW.getTime() - 10_000) },
  { id: '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c002', createdAt: new Date(NOW.getTime() - 3_600_000) },
  { id: '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c003', createdAt: new Date(NOW.getTime() - 7_200_000) },
];

function clock() {
  return new TableClock();
}

describe('sendPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the cache measure a kept page again once its body with live fields is built', async () => {
    const cache = new VersionedReadCache(clock());
    const { page } = source(rows);
    const live = {
      key: (ids: string[]) => `live:${ids.join(',')}`,
      load: async () => 'x'.repeat(1000),
      still: (item: unknown) => JSON.stringify(item),
      fields: (_id: string, text: string) => JSON.stringify({ text }),
    };
    await sendPage(fakeReply().reply, cache, 'k', { ...page, live });
    const keptLive = 24 + 'live:'.length + 2 * 36 + 1 + 24 + 1000;
    // The page itself, its body (the three rows' 1,000 characters each) counted now, and the live
    // answer's own entry.
    expect(cache.held().entries).toBe(2);
    expect(cache.held().bytes).toBeGreaterThan(keptLive + 3 * 1000);
  });

  it('fills in live fields per request: each item is written once, the live fields each time they change', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const { page, counts } = source(rows);
    const likes = new Map([
      [rows[0]!.id, 3],
      [rows[1]!.id, 0],
    ]);
    const written = { stills: 0, fields: 0 };
    const live = {
      key: (ids: string[]) => `likes:${ids.join(',')}`,
      load: async (ids: string[]) => {
        noteStatement('select likes_count from "posts#counts"');
        return new Map(ids.map((id) => [id, likes.get(id)!]));
      },
      still: (item: { id: string }) => {
        written.stills++;
        return JSON.stringify(item);
      },
      fields: (id: string, values: Map<string, number>) => {
        written.fields++;
        return JSON.stringify({ likes: values.get(id), liked: false });
      },
    };
    const first = fakeReply();
    await sendPage(first.reply, cache, 'k', { ...page, live });
    expect(JSON.parse(first.sent.body)).toEqual([
      { id: rows[0]!.id, seconds: 10, likes: 3, liked: false },
      { id: rows[1]!.id, seconds: 3600, likes: 0, liked: false },
    ]);
    expect(written).toEqual({ stills: 2, fields: 2 });

    // Nothing changed: the same body, nothing written again.
    const again = fakeReply();
    await sendPage(again.reply, cache, 'k', { ...page, live });
    expect(again.sent.body).toBe(first.sent.body);
    expect(written).toEqual({ stills: 2, fields: 2 });

    // A like: the counts are read again and only their text is written; the items are not.
    likes.set(rows[1]!.id, 1);
    writes.changed(['posts#counts']);
    const liked = fakeReply();
    await sendPage(liked.reply, cache, 'k', { ...page, live });
    expect((JSON.parse(liked.sent.body) as { likes: number }[]).map((item) => item.likes)).toEqual([3, 1]);
    expect(written).toEqual({ stills: 2, fields: 4 });
    expect(counts).toEqual({ loads: 1, presented: 1 });
  });

  it('joins two JSON objects into one, either of them empty', () => {
    expect(JSON.parse(joinedObjects('{"a":1,"b":[2]}', '{"c":{"d":null}}'))).toEqual({
      a: 1,
      b: [2],
      c: { d: null },
    });
    expect(joinedObjects('{}', '{"c":1}')).toBe('{"c":1}');
    expect(joinedObjects('{"a":1}', '{}')).toBe('{"a":1}');
  });

  it('sends the page with its paging headers as JSON text', async () => {
    const { reply, sent } = fakeReply();
    const { page } = source(rows);
    await sendPage(reply, noReadCache, 'k', page);
    expect(sent.type).toBe('application/json; charset=utf-8');
    expect((JSON.parse(sent.body) as { id: string }[]).map((row) => row.id)).toEqual([
      rows[0]!.id,
      rows[1]!.id,
    ]);
    expect(sent.headers['x-has-next-page']).toBe('true');
    expect(sent.headers['x-next-cursor']).toBeTruthy();
  });

  it('sends the kept bytes and headers again until data changes, with no load or presenting', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const { page, counts } = source(rows);
    const first = fakeReply();
    await sendPage(first.reply, cache, 'k', page);
    vi.setSystemTime(NOW.getTime() + 5_000); // "just now" still reads "just now"
    const second = fakeReply();
    await sendPage(second.reply, cache, 'k', page);
    expect(counts).toEqual({ loads: 1, presented: 1 });
    expect(second.sent).toEqual(first.sent);

    writes.changed(['posts']);
    await sendPage(fakeReply().reply, cache, 'k', page);
    expect(counts).toEqual({ loads: 2, presented: 2 });
  });

  it('builds the page again once a relative time on it would read differently', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const cache = new VersionedReadCache(clock());
    const { page, counts } = source(rows);
    await sendPage(fakeReply().reply, cache, 'k', page);
    // The newest row was 10 s old ("just now"); at 50 s it reads "1 minute ago".
    vi.setSystemTime(NOW.getTime() + 40_000);
    const later = fakeReply();
    await sendPage(later.reply, cache, 'k', page);
    expect(counts.presented).toBe(2);
    expect((JSON.parse(later.sent.body) as { seconds: number }[])[0]!.seconds).toBe(50);
  });

  it('builds every request without a cache (PostgreSQL)', async () => {
    const { page, counts } = source(rows);
    await sendPage(fakeReply().reply, noReadCache, 'k', page);
    await sendPage(fakeReply().reply, noReadCache, 'k', page);
    expect(counts).toEqual({ loads: 2, presented: 2 });
  });
});
