import { describe, expect, it } from 'vitest';
import {
  mayChangeKeptReads,
  mayHaveChangedData,
  noReadCache,
  noteStatement,
  PoolWriteClock,
  SWEEP_EVERY_KEPT,
  readingGroup,
  readingPosts,
  TableClock,
  VersionedReadCache,
  estimateBytes,
} from './read-cache';
import { tablesWritten } from './statement-tables';

const UUID_A = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c00a';
const UUID_B = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c00b';
const UUID_C = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c00c';

/** A load that reads `tables` (as its statements would name them), answers `value` and counts its calls. */
function loader<T>(value: T, tables: string[] = ['posts']) {
  const load = async () => {
    load.calls++;
    if (tables.length > 0) noteStatement(`select * from ${tables.map((t) => `"${t}"`).join(', ')}`);
    await Promise.resolve();
    return value;
  };
  load.calls = 0;
  return load;
}

/** A clock the test moves by hand: `write(tables)` sends a write and settles it. */
function clock() {
  let closed = false;
  const tables = new TableClock(() => closed);
  return Object.assign(tables, {
    write(written: readonly string[], changed = true) {
      tables.writeSent(written);
      tables.writeSettled(written, changed);
    },
    close() {
      closed = true;
    },
  });
}

describe('VersionedReadCache', () => {
  it('answers from the cache until a table it read changes, then loads again', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const load = loader(['row']);
    expect(await cache.read('k', load)).toEqual(['row']);
    expect(await cache.read('k', load)).toEqual(['row']);
    expect(load.calls).toBe(1);
    writes.write(['posts'], false); // a write that changed nothing (UPDATE 0) leaves the answer good
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    writes.write(['posts']);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('with keepOnSecondRead, keeps what is read twice and never what is read once', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes, { keepOnSecondRead: true });
    const timeline = loader(['post']);
    const post = loader(['one post']);
    await cache.read('post:p1', post); // opened once, from deep in the timeline
    await cache.read('timeline:m1', timeline);
    await cache.read('timeline:m1', timeline); // read again: kept from here on
    await cache.read('timeline:m1', timeline);
    await cache.read('timeline:m1', timeline);
    expect(timeline.calls).toBe(2);
    expect(cache.held().entries).toBe(1);
    expect(cache.outcomes()).toEqual([
      { kind: 'post', hits: 0, misses: 1 },
      { kind: 'timeline', hits: 2, misses: 2 },
    ]);
    // Kept once and then changed: kept again on its next read, with no second read to wait for.
    writes.write(['posts']);
    await cache.read('timeline:m1', timeline);
    await cache.read('timeline:m1', timeline);
    expect(timeline.calls).toBe(3);
  });

  it('with keepOnSecondRead, keeps at its next read an answer a racing write kept from being kept again', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes, { keepOnSecondRead: true });
    const load = loader(['row']);
    await cache.read('k', load);
    await cache.read('k', load); // kept
    writes.write(['posts']);
    await cache.read('k', async () => {
      const value = await load();
      writes.write(['posts']); // another write while it loads again: this answer is not kept
      return value;
    });
    await cache.read('k', load); // kept again, with no second read to wait for
    await cache.read('k', load);
    expect(load.calls).toBe(4);
  });

  it('with keepOnSecondRead, forgets the keys read once when they reach four times its capacity', async () => {
    const cache = new VersionedReadCache(clock(), { keepOnSecondRead: true, capacity: 2 });
    const load = loader(['row']);
    await cache.read('search:first', load);
    for (let i = 0; i < 7; i++) await cache.read(`search:${i}`, loader(['other']));
    await cache.read('search:first', load); // still remembered (8 keys read once): kept now
    await cache.read('search:first', load);
    expect(load.calls).toBe(2);
    const later = loader(['row']);
    await cache.read('search:later', later);
    for (let i = 0; i < 8; i++) await cache.read(`search:again-${i}`, loader(['other']));
    await cache.read('search:later', later); // forgotten when the keys read once reached 8
    expect(later.calls).toBe(2);
    await cache.read('search:later', later); // its second read since: kept
    await cache.read('search:later', later);
    expect(later.calls).toBe(3);
  });

  it('keeps an answer through writes to tables it did not read, and drops it on a write to one it did', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const timeline = loader(['post'], ['posts', 'users']);
    const inbox = loader(['notification'], ['notifications']);
    await cache.read('timeline:m1', timeline);
    await cache.read('inbox:m1', inbox);
    writes.write(['notifications']); // someone's notifications marked read
    writes.write(['sessions']);
    await cache.read('timeline:m1', timeline);
    await cache.read('inbox:m1', inbox);
    expect([timeline.calls, inbox.calls]).toEqual([1, 2]);
    writes.write(['users']); // a member renamed: the timeline shows names
    await cache.read('timeline:m1', timeline);
    await cache.read('inbox:m1', inbox);
    expect([timeline.calls, inbox.calls]).toEqual([2, 2]);
  });

  it('keeps an answer about some posts through a like on another post, and drops it on a like on one of them', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const counts = async () => {
      counts.calls++;
      return readingPosts(['p1', 'p2'], async () => {
        noteStatement(
          'select likes_count, exists (select 1 from post_likes) from "posts" where id in ($1, $2)',
        );
        return 'counts';
      });
    };
    counts.calls = 0;
    const read = () => cache.read('post-counts:p1,p2', counts);
    await read();
    const like = (post: string | null) =>
      writes.write(
        tablesWritten(
          'insert into "post_likes" ("post_id", "user_id") values ($1, $2)',
          post ? [post, UUID_B] : undefined,
        ),
      );
    like(UUID_C);
    await read();
    expect(counts.calls).toBe(1);
    like('p1'); // (not a uuid: every post's rows, as when the post cannot be told)
    await read();
    expect(counts.calls).toBe(2);
    like(UUID_C);
    await read();
    expect(counts.calls).toBe(2);
  });

  it('drops an answer about a post on a like on that very post', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    let calls = 0;
    const read = () =>
      cache.read('post-counts:a', () =>
        readingPosts([UUID_A], async () => {
          calls++;
          noteStatement('select likes_count from "posts" where exists (select 1 from post_likes)');
          return 'counts';
        }),
      );
    await read();
    writes.write(
      tablesWritten('insert into "post_likes" ("post_id", "user_id") values ($1, $2)', [UUID_B, UUID_C]),
    );
    await read();
    expect(calls).toBe(1);
    writes.write(
      tablesWritten('insert into "post_likes" ("post_id", "user_id") values ($1, $2)', [UUID_A, UUID_C]),
    );
    await read();
    expect(calls).toBe(2);
  });

  it("keeps a group's answer through a post and a pin elsewhere, and drops it on one in the group or an edit (ADR 056)", async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const page = async () => {
      page.calls++;
      return readingGroup(UUID_A, async () => {
        noteStatement('select * from "posts" join "users" on true where posts.group_id = $1');
        noteStatement('select post_id from "group_pins" where group_id = $1');
        return 'page';
      });
    };
    page.calls = 0;
    const read = () => cache.read('timeline:group', page);
    await read();
    const newPost = (group: string | null) =>
      writes.write(
        tablesWritten('insert into "posts" ("id", "user_id", "group_id") values (default, $1, $2)', [
          UUID_C,
          group,
        ]),
      );
    const pin = (group: string) =>
      writes.write(
        tablesWritten('insert into "group_pins" ("post_id", "group_id") values ($1, $2)', [UUID_C, group]),
      );
    newPost(null);
    newPost(UUID_B);
    pin(UUID_B);
    await read();
    expect(page.calls).toBe(1);
    newPost(UUID_A);
    await read();
    expect(page.calls).toBe(2);
    pin(UUID_A);
    await read();
    expect(page.calls).toBe(3);
    writes.write(tablesWritten('update "posts" set "tldr" = $1 where "posts"."id" = $2', ['Title', UUID_C]));
    await read();
    expect(page.calls).toBe(4);
    // Outside `readingGroup` the same statements depend on the whole tables: a post anywhere drops it.
    const everywhere = loader('home', ['posts']);
    await cache.read('timeline:home', everywhere);
    newPost(null);
    await cache.read('timeline:home', everywhere);
    expect(everywhere.calls).toBe(2);
  });

  it('drops every answer on a write whose tables are not known ("*")', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const load = loader('kept', ['groups']);
    await cache.read('k', load);
    writes.write(['*']);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('gives a load that reads through another kept answer that answer’s tables too', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const role = loader('owner', ['group_roles']);
    const page = async () => {
      page.calls++;
      return `${await cache.read('group-role:g1', role)} sees the page`;
    };
    page.calls = 0;
    await cache.read('role-first', async () => cache.read('group-role:g1', role)); // kept on its own
    await cache.read('page', page); // the role is a hit inside the page's load
    await cache.read('page', page);
    expect(page.calls).toBe(1);
    writes.write(['group_roles']);
    await cache.read('page', page);
    expect(page.calls).toBe(2);
  });

  it('counts hits and misses by the kind its keys begin with, never by the rest of a key', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    await cache.read('timeline:{"viewer":"m1"}', loader(['a']));
    await cache.read('timeline:{"viewer":"m1"}', loader(['a']));
    await cache.read('timeline:{"viewer":"m2"}', loader(['b']));
    writes.write(['posts']);
    await cache.read('timeline:{"viewer":"m1"}', loader(['a']));
    await cache.read('session:hash', loader({ id: 'm1' }));
    await cache.read('session:hash', loader({ id: 'm1' }));
    await cache.read('Not A Kind:x', loader(1));
    expect(cache.outcomes()).toEqual([
      { kind: 'timeline', hits: 1, misses: 3 },
      { kind: 'session', hits: 1, misses: 1 },
      { kind: 'other', hits: 0, misses: 1 },
    ]);
  });

  it('serves nothing once the database has stopped', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    await cache.read('k', loader('kept'));
    writes.close();
    await expect(
      cache.read('k', async () => {
        throw new Error('the database is unavailable');
      }),
    ).rejects.toThrow('unavailable');
  });

  it('loads again when the kept answer is no longer current, and keeps the new one', async () => {
    const cache = new VersionedReadCache(clock());
    let minute = 0;
    const answer = () => ({ minute });
    const isCurrent = (value: { minute: number }) => value.minute === minute;
    const load = loader(undefined);
    const read = () =>
      cache.read(
        'k',
        async () => {
          await load();
          return answer();
        },
        isCurrent,
      );
    expect(await read()).toEqual({ minute: 0 });
    expect(await read()).toEqual({ minute: 0 });
    expect(load.calls).toBe(1);
    minute = 1;
    expect(await read()).toEqual({ minute: 1 });
    expect(await read()).toEqual({ minute: 1 });
    expect(load.calls).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = new VersionedReadCache(clock());
    expect(await cache.read('a', loader('A'))).toBe('A');
    expect(await cache.read('b', loader('B'))).toBe('B');
    expect(await cache.read('a', loader('other'))).toBe('A');
  });

  it.each([
    [
      'a write to its table was sent while it loaded (even one that changed nothing)',
      (writes: ReturnType<typeof clock>) => writes.write(['posts'], false),
    ],
    [
      'a write changed its table while it loaded',
      (writes: ReturnType<typeof clock>) => writes.write(['posts']),
    ],
    [
      'another process announced a change to its table',
      (writes: ReturnType<typeof clock>) => writes.changed(['posts']),
    ],
  ])('does not keep an answer when %s', async (_, race) => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const racing = loader('maybe stale');
    await cache.read('k', async () => {
      const value = await racing();
      race(writes);
      return value;
    });
    const load = loader('fresh');
    expect(await cache.read('k', load)).toBe('fresh');
    expect(load.calls).toBe(1);
    expect(await cache.read('k', load)).toBe('fresh');
    expect(load.calls).toBe(1);
  });

  it('keeps an answer when a write to another table raced it', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const racing = loader('good');
    await cache.read('k', async () => {
      const value = await racing();
      writes.write(['notifications']);
      return value;
    });
    await cache.read('k', racing);
    expect(racing.calls).toBe(1);
  });

  it('does not keep an answer read while a write to its table was in flight', async () => {
    const writes = clock();
    writes.writeSent(['posts']);
    const cache = new VersionedReadCache(writes);
    const load = loader('either side of the write');
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    writes.writeSettled(['posts'], false);
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load.calls).toBe(3);
  });

  it('keeps no "nothing" (unknown keys cannot crowd out known ones)', async () => {
    const cache = new VersionedReadCache(clock());
    const load = loader(undefined);
    await cache.read('guess', load);
    await cache.read('guess', load);
    expect(load.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('lets go of the answers a write changed as it keeps others, and keeps them again on their next read', async () => {
    const tables = clock();
    const cache = new VersionedReadCache(tables, { keepOnSecondRead: true });
    const twice = async (key: string, load: () => Promise<string>) => {
      await cache.read(key, load);
      await cache.read(key, load);
    };
    const post = loader('post', ['posts']);
    const inbox = loader('inbox', ['notifications']);
    await twice('post', post);
    await twice('inbox', inbox);
    tables.write(['posts']);
    // Answers kept elsewhere: the sweep comes with the SWEEP_EVERY_KEPT-th.
    for (let i = 0; i < SWEEP_EVERY_KEPT - 3; i++) await twice(`other:${i}`, loader(`${i}`, ['users']));
    expect(cache.size).toBe(SWEEP_EVERY_KEPT - 1);
    await twice('last', loader('last', ['users']));
    // The changed post is gone; the inbox, which no write changed, is still served.
    expect(cache.size).toBe(SWEEP_EVERY_KEPT - 1);
    expect(await cache.read('inbox', inbox)).toBe('inbox');
    expect(inbox.calls).toBe(2);
    // Read again, the post is loaded and kept at once, as a stale answer found at its read would be.
    await cache.read('post', post);
    await cache.read('post', post);
    expect(post.calls).toBe(3);
  });

  it('keeps the most recently used answers up to its capacity', async () => {
    const cache = new VersionedReadCache(clock(), { capacity: 2 });
    await cache.read('a', loader('A'));
    await cache.read('b', loader('B'));
    await cache.read('a', loader('A again')); // a is now the most recent
    await cache.read('c', loader('C'));
    expect(cache.size).toBe(2);
    expect(await cache.read('a', loader('unused'))).toBe('A');
    expect(await cache.read('b', loader('B2'))).toBe('B2');
  });

  it('keeps the most recently used answers up to its bytes, and none larger than them', async () => {
    // Each answer: a 1,000-character string (1,024 bytes) with a one-character key (25 bytes).
    const answer = (letter: string) => letter.repeat(1000);
    const cache = new VersionedReadCache(clock(), { maxBytes: 2 * 1049 });
    await cache.read('a', loader(answer('a')));
    await cache.read('b', loader(answer('b')));
    expect(cache.held()).toEqual({ entries: 2, bytes: 2 * 1049 });
    await cache.read('a', loader('unused')); // a is now the most recent
    await cache.read('c', loader(answer('c')));
    expect(cache.held()).toEqual({ entries: 2, bytes: 2 * 1049 });
    expect(await cache.read('a', loader('unused'))).toBe(answer('a'));
    expect(await cache.read('b', loader('B2'))).toBe('B2');
    const huge = loader('h'.repeat(3000));
    await cache.read('h', huge);
    await cache.read('h', huge);
    expect(huge.calls).toBe(2);
  });

  it('measures a kept answer again when it grew, dropping the least recently used to make room', async () => {
    const cache = new VersionedReadCache(clock(), { maxBytes: 1000 });
    const page: { body: string | null } = { body: null };
    await cache.read('p', loader(page));
    await cache.read('q', loader('q'));
    const before = cache.held().bytes;
    page.body = 'x'.repeat(500);
    cache.grew('p');
    expect(cache.held().bytes).toBe(before + estimateBytes(page.body));
    page.body = 'x'.repeat(2000);
    cache.grew('p');
    expect(cache.held()).toEqual({ entries: 1, bytes: 2 * 25 }); // only q: its key and its answer
  });

  it('loads every time without a cache (noReadCache, the default of callers given none)', async () => {
    const load = loader('x');
    await noReadCache.read('k', load);
    await noReadCache.read('k', load);
    expect(load.calls).toBe(2);
  });
});

describe('estimateBytes', () => {
  it('counts characters, headers and slots, and an object reached twice once', () => {
    expect(estimateBytes('abc')).toBe(24 + 3);
    expect(estimateBytes('ab€')).toBe(24 + 6); // outside Latin-1: two bytes a character
    const shared = { text: 'x'.repeat(100) };
    expect(estimateBytes({ a: shared, b: shared, n: 1 })).toBe(24 + 3 * 8 + (24 + 8 + 124));
    expect(estimateBytes([new Date(), null])).toBe(24 + 2 * 8 + 24);
    expect(estimateBytes(new Map([['k', 'v']]))).toBe(24 + 2 * (8 + 25));
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    expect(estimateBytes(cycle)).toBe(24 + 8);
  });
});

describe('which statements may change data', () => {
  it.each([
    ['select * from posts', false],
    ['  (select 1) union (select 2)', false],
    ['SELECT pg_notify($1, $2)', false],
    ['with next as (select id from jobs for update skip locked) update jobs set state = 1', true],
    ['create table t (id int)', true],
    ['select * from rate_limits', false],
    [
      'insert into rate_limits (key, window_start, count) values ($1, $2, 1) on conflict (key) do update set count = 1',
      false,
    ],
    ['delete from "rate_limits" where window_start < $1', false],
    ['update rate_limits set count = 0', false],
    ['insert into rate_limits_archive values ($1)', true],
    ['with x as (select 1) insert into rate_limits values ($1)', true],
    // Reads that start with WITH (the inbox, search): their SELECT's row count is no change.
    ['with hits as (select id from posts where tsv @@ $1) select * from hits', false],
    ['WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t) SELECT sum(n) FROM t', false],
    ['with a as (select \')\' as p, "update" from x), b as (select 1) select * from a, b', false],
    ['with a as (select 1) -- update later\nselect * from a', false],
    ['with a as (select 1) /* delete */ select (select 2) from a', false],
    ['with a as (select id from posts) update posts set x = 1 where id in (select id from a)', true],
    ['with a as (delete from posts returning id) select count(*) from a', true],
    ['with a as not materialized (insert into b values (1) returning id) select * from a', true],
    ['insert into posts values ($1)', true],
    // A session marked seen (drizzle writes the columns in the table's order), and nothing more.
    ['update "sessions" set "ip" = $1, "last_seen_at" = $2 where "sessions"."id" = $3', false],
    ['update sessions set last_seen_at = $1, ip = $2 where id = $3', false],
    [
      'update "sessions" set "ip" = $1, "last_seen_at" = $2, "expires_at" = $3 where "sessions"."id" = $4',
      true,
    ],
    ['update "sessions" set "last_used_at" = $1, "expires_at" = $2 where "sessions"."id" = $3', true],
    ['update "sessions" set "ip" = $1, "last_seen_at" = $2 where "sessions"."user_id" = $3', true],
    ['delete from sessions where id = $1', true],
  ])('%s may change a kept read: %s', (sql, may) => {
    expect(mayChangeKeptReads(sql)).toBe(may);
  });

  it.each([
    ['update posts set tldr = $1 where id = $2', 0, false],
    ['update posts set tldr = $1 where id = $2', 1, true],
    ['delete from sessions where id = $1', 0, false],
    ['insert into likes values ($1, $2) on conflict do nothing', 0, false],
    ['with next as (select id from pgboss.job limit 1) update pgboss.job set state = 2', 0, false],
    ['with next as (select id from pgboss.job limit 1) update pgboss.job set state = 2', 3, true],
    [
      'with gone as (delete from a returning id) update b set x = 1 where id in (select id from gone)',
      0,
      true,
    ],
    ['with gone as materialized (delete from a returning id) select count(*) from gone', 0, true],
    ['alter table posts add column x int', 0, true],
    ['set search_path to public', 0, true],
  ])('%s touching %i rows changed data: %s', (sql, affectedRows, changed) => {
    expect(mayHaveChangedData(sql, { affectedRows })).toBe(changed);
  });
});

describe('PoolWriteClock', () => {
  const settled = (rowCount: number | null) => Promise.resolve({ rowCount });
  /** A clock that hears the notices, with a cache on it and a load of the posts kept. */
  async function keptTimeline() {
    const writes = new PoolWriteClock();
    writes.hear(true);
    writes.proofHeard(writes.proofTime());
    const cache = new VersionedReadCache(writes);
    const load = loader('timeline', ['posts']);
    await cache.read('k', load);
    const reread = async () => {
      await cache.read('k', load);
      return load.calls;
    };
    return { writes, connection: writes.tracker(), reread };
  }

  it('serves nothing kept until the change notices are heard and proven, nor once they stop', async () => {
    const writes = new PoolWriteClock();
    expect(writes.closed).toBe(true);
    writes.hear(true);
    // Connected, but no proof is back yet that the notices arrive.
    expect(writes.closed).toBe(true);
    writes.proofHeard(writes.proofTime());
    expect(writes.closed).toBe(false);
    const cache = new VersionedReadCache(writes);
    const load = loader('kept');
    await cache.read('k', load);
    writes.hear(false);
    expect(writes.closed).toBe(true);
    writes.hear(true);
    // A proof from the lost connection proves nothing about the new one.
    expect(writes.closed).toBe(true);
    writes.proofHeard(writes.proofTime());
    // What was kept before the notices stopped is dropped.
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    writes.stop();
    expect(writes.closed).toBe(true);
  });

  it('serves what no write changed for as long as proofs keep coming back, and nothing once they are late', async () => {
    let now = 5_000;
    const writes = new PoolWriteClock({ proofValidMs: 1000, now: () => now });
    writes.hear(true);
    writes.proofHeard(writes.proofTime());
    const cache = new VersionedReadCache(writes);
    const load = loader('page');
    await cache.read('k', load);
    // A minute of proofs every quarter second: the answer is served all along, loaded once.
    for (let step = 0; step < 240; step++) {
      now += 250;
      writes.proofHeard(now - 2);
      await cache.read('k', load);
    }
    expect(load.calls).toBe(1);
    // The proofs stop coming back: served while the last one sent is at most a second old...
    const lastSent = now - 2;
    now = lastSent + 1000;
    expect(writes.closed).toBe(false);
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    // ...and never after: a write committed elsewhere since could be unheard.
    now = lastSent + 1001;
    expect(writes.closed).toBe(true);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    // A proof back again, sent after everything kept: served again, and no older proof undoes it.
    writes.proofHeard(now);
    writes.proofHeard(lastSent);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('passes over a proof time it could not have given', () => {
    let now = 5_000;
    const writes = new PoolWriteClock({ proofValidMs: 1000, now: () => now });
    writes.hear(true);
    writes.proofHeard(Number('not a time'));
    expect(writes.closed).toBe(true);
    writes.proofHeard(now + 60_000);
    expect(writes.closed).toBe(true);
    now += 1;
    writes.proofHeard(now);
    expect(writes.closed).toBe(false);
  });

  it('drops answers that read a table another process announced changed, and only those', async () => {
    const { writes, reread } = await keptTimeline();
    expect(await reread()).toBe(1);
    writes.changedElsewhere('notifications', 4242);
    expect(await reread()).toBe(1);
    writes.changedElsewhere('posts', 4242);
    expect(await reread()).toBe(2);
    // The triggers' own writes: a like elsewhere changes the counters, not the posts' text.
    writes.changedElsewhere('post_likes', 4242);
    expect(await reread()).toBe(2);
  });

  it("passes over the notices of this pool's own connections: their writes were counted as sent", async () => {
    const { writes, reread } = await keptTimeline();
    writes.ownConnections.add(77);
    writes.changedElsewhere('posts', 77);
    expect(await reread()).toBe(1);
    writes.changedElsewhere('posts', 78);
    expect(await reread()).toBe(2);
  });

  it('leaves what is kept alone when a WITH only reads, however many rows it answers', async () => {
    const { connection, reread } = await keptTimeline();
    await connection.track('with page as (select id from posts) select * from page', settled(40));
    expect(await reread()).toBe(1);
    // The control: a WITH that updates posts is a change.
    await connection.track('with next as (select id from posts) update posts set tldr = $1', settled(1));
    expect(await reread()).toBe(2);
  });

  it("leaves what is kept alone when only the throttle's counters or other tables are written", async () => {
    const { connection, reread } = await keptTimeline();
    await connection.track(
      'insert into rate_limits (key, window_start, count) values ($1, $2, 1)',
      settled(1),
    );
    await connection.track('update "notifications" set "read_at" = $1 where "user_id" = $2', settled(5));
    await connection.track(
      'with n as (select id from pgboss.job for update skip locked) update pgboss.job set state = 1',
      settled(1),
    );
    expect(await reread()).toBe(1);
  });

  it('drops nothing for a write that touched no row, and what it wrote once it changed rows', async () => {
    const { connection, reread } = await keptTimeline();
    await connection.track('delete from "posts" where "id" = $1', settled(0));
    expect(await reread()).toBe(1);
    await connection.track('delete from "posts" where "id" = $1', settled(1));
    expect(await reread()).toBe(2);
  });

  it("keeps a transaction's tables in flight until it ends, then takes them as changed", async () => {
    const { writes, connection, reread } = await keptTimeline();
    await connection.track('begin', settled(null));
    await connection.track('insert into "posts" ("tldr") values ($1)', settled(1));
    // Until the transaction commits nothing read of posts is kept (it may or may not see the row)…
    const cache = new VersionedReadCache(writes);
    const during = loader('during');
    await cache.read('d', during);
    await cache.read('d', during);
    expect(during.calls).toBe(2);
    // …and once it commits, what was kept before is dropped.
    await connection.track('commit', settled(null));
    expect(await reread()).toBe(2);
    await cache.read('d', during);
    await cache.read('d', during);
    expect(during.calls).toBe(3);
  });

  it('ends a transaction left open when its connection closes', async () => {
    const { writes, connection } = await keptTimeline();
    await connection.track('begin', settled(null));
    await connection.track('update "posts" set "tldr" = $1', settled(1));
    connection.end();
    const cache = new VersionedReadCache(writes);
    const load = loader('after');
    await cache.read('a', load);
    await cache.read('a', load);
    expect(load.calls).toBe(1);
  });

  it('counts a failed write as a change, and passes its error on', async () => {
    const { connection, reread } = await keptTimeline();
    await expect(
      connection.track('insert into "posts" values ($1)', Promise.reject(new Error('23505'))),
    ).rejects.toThrow('23505');
    expect(await reread()).toBe(2);
  });
});
