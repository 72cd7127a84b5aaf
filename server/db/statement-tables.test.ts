import { describe, expect, it } from 'vitest';
import {
  EVERY_TABLE,
  HEARTH_TABLES,
  POST_COUNTERS,
  closureOf,
  tablesRead,
  tablesWritten,
} from './statement-tables';

describe('which tables a statement writes', () => {
  it.each([
    [
      'insert into "post_likes" ("post_id", "user_id") values ($1, $2) on conflict do nothing',
      ['post_likes', POST_COUNTERS],
    ],
    ['insert into "comments" ("post_id") values ($1) returning "id"', ['comments', POST_COUNTERS]],
    ['update "notifications" set "read_at" = $1 where "user_id" = $2', ['notifications']],
    ['update only users set first_name = $1', ['users']],
    ['insert into "posts" ("tldr") values ($1)', ['posts', POST_COUNTERS]],
    // ON CONFLICT … DO UPDATE SET and FOR UPDATE name no table of their own.
    ['insert into "follows" values ($1, $2) on conflict ("a", "b") do update set "b" = $2', ['follows']],
    [
      'with next as (select id from pgboss.job for update skip locked) update pgboss.job set state = 1',
      ['pgboss.job'],
    ],
    [
      'with gone as (delete from "post_ignores" where "user_id" = $1 returning 1) select count(*) from gone',
      ['post_ignores'],
    ],
    // Session settings and an index made change no rows; the job queue's own scripts name no Hearth table.
    ['set local statement_timeout = 1000', []],
    ['create index if not exists search_vec on search_entries using hnsw (embedding)', []],
    ['BEGIN; SELECT pg_advisory_xact_lock(1); DELETE FROM pgboss.job WHERE id = 1; COMMIT', []],
    // What cannot be told changes everything.
    ['truncate users cascade', [EVERY_TABLE]],
    ['alter table posts add column x int', [EVERY_TABLE]],
    ['do $$ begin update posts set tldr = tldr; end $$', [EVERY_TABLE]],
    ['insert into "not_a_hearth_table" values (1)', [EVERY_TABLE]],
  ])('%s → %j', (sql, tables) => {
    expect([...tablesWritten(sql)].sort()).toEqual([...tables].sort());
  });

  it("carries a delete along its foreign keys' cascades, and an insert nowhere", () => {
    const deleted = closureOf('posts', 'delete');
    expect(deleted).toEqual(
      expect.arrayContaining(['posts', 'comments', 'post_likes', 'public_posts', POST_COUNTERS]),
    );
    expect(closureOf('posts', 'insert')).toEqual(['posts', POST_COUNTERS]);
    // A member deleted takes their sessions, posts and everything under those with them.
    expect(closureOf('users', 'delete')).toEqual(
      expect.arrayContaining(['sessions', 'posts', 'comments', 'post_likes']),
    );
    expect(tablesWritten('delete from "users" where "id" = $1')).toEqual(
      expect.arrayContaining(['sessions', 'post_likes']),
    );
    expect(closureOf('users', 'update')).toEqual(['users']);
  });
});

describe('which tables a statement reads', () => {
  it('names the Hearth tables in it, quoted or not, and the counters when it selects them', () => {
    expect(
      [
        ...tablesRead(
          'select "posts"."id", p.likes_count from "posts" p inner join users u on u.id = p.user_id',
        ),
      ].sort(),
    ).toEqual(['posts', POST_COUNTERS, 'users'].sort());
    expect(tablesRead('select 1')).toEqual([]);
    // A column that shares no table's name is no table.
    expect(tablesRead('select "group_id" from "group_roles"')).toEqual(['group_roles']);
  });

  it('knows every table of the schema', () => {
    expect(HEARTH_TABLES).toContain('posts');
    expect(HEARTH_TABLES).toContain('rate_limits');
    expect(HEARTH_TABLES.size).toBeGreaterThan(30);
  });
});
