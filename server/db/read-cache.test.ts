import { describe, expect, it, vi } from 'vitest';
import {
  mayChangeKeptReads,
  mayHaveChangedData,
  noReadCache,
  PoolWriteClock,
  VersionedReadCache,
} from './read-cache';

/** A load that answers `value` and counts its calls. */
function loader<T>(value: T) {
  const load = async () => {
    load.calls++;
    return value;
  };
  load.calls = 0;
  return load;
}

/** A write clock the test moves by hand. */
function clock() {
  return { changes: 0, writesSent: 0, writesInFlight: 0, closed: false };
}

describe('VersionedReadCache', () => {
  it('answers from the cache until the write count moves, then loads again', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const load = loader(['row']);
    expect(await cache.read('k', load)).toEqual(['row']);
    expect(await cache.read('k', load)).toEqual(['row']);
    expect(load.calls).toBe(1);
    writes.writesSent++; // a write that changed nothing (UPDATE 0) leaves the answer good
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    writes.changes++;
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('counts hits and misses by the kind its keys begin with, never by the rest of a key', async () => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    await cache.read('timeline:{"viewer":"m1"}', loader(['a']));
    await cache.read('timeline:{"viewer":"m1"}', loader(['a']));
    await cache.read('timeline:{"viewer":"m2"}', loader(['b']));
    writes.changes++;
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
    writes.closed = true;
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
    ['a write was sent while it loaded', (writes: ReturnType<typeof clock>) => writes.writesSent++],
    ['a write changed data while it loaded', (writes: ReturnType<typeof clock>) => writes.changes++],
  ])('does not keep an answer when %s', async (_, race) => {
    const writes = clock();
    const cache = new VersionedReadCache(writes);
    const racing = loader('maybe stale');
    await cache.read('k', async () => {
      race(writes);
      return racing();
    });
    const load = loader('fresh');
    expect(await cache.read('k', load)).toBe('fresh');
    expect(load.calls).toBe(1);
    expect(await cache.read('k', load)).toBe('fresh');
    expect(load.calls).toBe(1);
  });

  it('does not keep an answer read while a write was in flight', async () => {
    const writes = clock();
    writes.writesInFlight = 1;
    const cache = new VersionedReadCache(writes);
    const load = loader('either side of the write');
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('keeps no "nothing" (unknown keys cannot crowd out known ones)', async () => {
    const cache = new VersionedReadCache(clock());
    const load = loader(undefined);
    await cache.read('guess', load);
    await cache.read('guess', load);
    expect(load.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('with a maximum age, loads again once an answer is that old, whatever the write count says', async () => {
    let now = 1_000;
    const cache = new VersionedReadCache(clock(), { maxAgeMs: 1000, now: () => now });
    const load = loader('feed');
    await cache.read('k', load);
    now += 999;
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    now += 1;
    await cache.read('k', load);
    expect(load.calls).toBe(2);
    // The age counts from when the new answer was loaded.
    now += 999;
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('without a maximum age, never reads the clock (the embedded database: a read costs a map look-up)', async () => {
    const now = vi.fn(() => 0);
    const cache = new VersionedReadCache(clock(), { now });
    const load = loader('page');
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    expect(now).not.toHaveBeenCalled();
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

  it('loads every time without a cache (noReadCache, the default of callers given none)', async () => {
    const load = loader('x');
    await noReadCache.read('k', load);
    await noReadCache.read('k', load);
    expect(load.calls).toBe(2);
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

  it('serves nothing kept until the change notices are heard, nor once they stop', () => {
    const writes = new PoolWriteClock();
    expect(writes.closed).toBe(true);
    writes.hear(true);
    expect(writes.closed).toBe(false);
    const heard = writes.changes;
    writes.hear(false);
    expect(writes.closed).toBe(true);
    // What was kept before the notices stopped is dropped, and again once they are back.
    expect(writes.changes).toBe(heard + 1);
    writes.hear(true);
    expect(writes).toMatchObject({ closed: false, changes: heard + 2 });
    writes.stop();
    expect(writes.closed).toBe(true);
  });

  it("counts another process's committed write as a change", async () => {
    const writes = new PoolWriteClock();
    writes.hear(true);
    const cache = new VersionedReadCache(writes);
    const load = loader('before');
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    writes.changedElsewhere();
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it('leaves what is kept alone when a WITH only reads, however many rows it answers', async () => {
    const writes = new PoolWriteClock();
    writes.hear(true);
    const cache = new VersionedReadCache(writes);
    const load = loader('timeline');
    await cache.read('k', load);
    await writes.track('with page as (select id from notifications) select * from page', settled(40));
    await cache.read('k', load);
    expect(load.calls).toBe(1);
    // The control: a WITH that updates is a change.
    await writes.track('with next as (select id from jobs) update jobs set state = 1', settled(1));
    await cache.read('k', load);
    expect(load.calls).toBe(2);
  });

  it("leaves what is kept alone when only the throttle's counters are written", async () => {
    const writes = new PoolWriteClock();
    await writes.track('insert into rate_limits (key, window_start, count) values ($1, $2, 1)', settled(1));
    expect(writes).toMatchObject({ writesSent: 0, changes: 0 });
  });

  it('counts what may write while it runs, and a change once it changed rows', async () => {
    const writes = new PoolWriteClock();
    const pending = writes.track('update posts set tldr = $1 where id = $2', settled(1));
    expect(writes).toMatchObject({ writesSent: 1, writesInFlight: 1, changes: 0 });
    await pending;
    expect(writes).toMatchObject({ writesSent: 1, writesInFlight: 0, changes: 1 });
  });

  it('leaves reads alone, and counts no change for a write that touched no row', async () => {
    const writes = new PoolWriteClock();
    await writes.track('select * from posts where id = $1', settled(1));
    expect(writes).toMatchObject({ writesSent: 0, changes: 0 });
    await writes.track('delete from sessions where id = $1', settled(0));
    expect(writes).toMatchObject({ writesSent: 1, writesInFlight: 0, changes: 0 });
    // A positive control: COMMIT (no row count) is a change.
    await writes.track('commit', settled(null));
    expect(writes.changes).toBe(1);
  });

  it('counts a failed write as a change, and passes its error on', async () => {
    const writes = new PoolWriteClock();
    await expect(
      writes.track('insert into likes values ($1)', Promise.reject(new Error('23505'))),
    ).rejects.toThrow('23505');
    expect(writes).toMatchObject({ writesInFlight: 0, changes: 1 });
  });
});
