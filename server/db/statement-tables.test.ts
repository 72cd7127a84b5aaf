import { describe, expect, it } from 'vitest';
import {
  EVERY_TABLE,
  HEARTH_TABLES,
  POST_COUNTERS,
  closureOf,
  everyGroupRowOf,
  everyRowOf,
  groupOfWrite,
  groupRowsOf,
  postOfWrite,
  rowsOf,
  tablesRead,
  tablesWritten,
} from './statement-tables';

/** A write to a by-post table whose post is not given changes every post's rows of it. */
const every = (...tables: string[]) => [...tables, ...tables.map(everyRowOf)];

describe('which tables a statement writes', () => {
  it.each([
    [
      'insert into "post_likes" ("post_id", "user_id") values ($1, $2) on conflict do nothing',
      every('post_likes', POST_COUNTERS),
    ],
    ['insert into "comments" ("post_id") values ($1) returning "id"', every('comments', POST_COUNTERS)],
    ['update "notifications" set "read_at" = $1 where "user_id" = $2', ['notifications']],
    ['update only users set first_name = $1', ['users']],
    // A post whose group cannot be told (no values here) is every group's.
    [
      'insert into "posts" ("tldr") values ($1)',
      ['posts', everyGroupRowOf('posts'), ...every(POST_COUNTERS)],
    ],
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
    // Session settings, an index made and upkeep change no rows; the job queue's own scripts name no Hearth table.
    ['set local statement_timeout = 1000', []],
    ['create index if not exists search_vec on search_entries using hnsw (embedding)', []],
    // The embedded engine's upkeep (ADR 066) reclaims rows and gathers statistics: no row changes.
    ['vacuum (analyze) "public"."posts"', []],
    ['analyze "pgboss"."job"', []],
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

describe("a like's or a comment's post", () => {
  const post = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c001';
  const member = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c002';

  it.each([
    [
      'insert into "post_likes" ("post_id", "user_id", "created_at") values ($1, $2, default) on conflict do nothing returning "post_id"',
      [post, member],
      post,
    ],
    [
      'insert into "comments" ("id", "post_id", "user_id", "parent_id", "content", "edited_at", "created_at") values (default, $1, $2, $3, $4, default, default) returning "id"',
      [post, member, null, 'Hello'],
      post,
    ],
    [
      'delete from "post_likes" where ("post_likes"."post_id" = $1 and "post_likes"."user_id" = $2) returning "post_id"',
      [post, member],
      post,
    ],
    // A reaction on a post, or on one of its comments, names its post first (ADR 044).
    [
      'insert into "post_reactions" ("post_id", "user_id", "emoji", "created_at") values ($1, $2, $3, default) on conflict do nothing returning "post_id"',
      [post, member, 'heart'],
      post,
    ],
    [
      'insert into "comment_reactions" ("comment_id", "post_id", "user_id", "emoji", "created_at") values ($1, $2, $3, $4, default) on conflict do nothing returning "post_id"',
      [member, post, member, 'heart'],
      post,
    ],
    [
      'delete from "post_reactions" where ("post_reactions"."post_id" = $1 and "post_reactions"."user_id" = $2 and "post_reactions"."emoji" = $3) returning "post_id"',
      [post, member, 'heart'],
      post,
    ],
    [
      'delete from "comment_reactions" where ("comment_reactions"."post_id" = $1 and "comment_reactions"."comment_id" = $2 and "comment_reactions"."user_id" = $3 and "comment_reactions"."emoji" = $4) returning "post_id"',
      [post, member, member, 'heart'],
      post,
    ],
    // A pin names its post (the table's key) first too (ADR 056).
    [
      'insert into "group_pins" ("post_id", "group_id", "pinned_by_id", "created_at") values ($1, $2, $3, $4) on conflict do nothing returning "post_id"',
      [post, member, member, new Date()],
      post,
    ],
    [
      'delete from "group_pins" where ("group_pins"."post_id" = $1 and "group_pins"."group_id" = $2) returning "post_id"',
      [post, member],
      post,
    ],
    // A poll's rows and votes name their post in every row (ADR 058): several rows of one post are
    // that post's; rows of several posts are not told apart.
    [
      'insert into "post_poll_votes" ("id", "post_id", "option_id", "user_id") values (default, $1, $2, $3), (default, $4, $5, $6)',
      [post, member, member, post, member, member],
      post,
    ],
    [
      'insert into "post_poll_votes" ("id", "post_id", "option_id", "user_id") values (default, $1, $2, $3), (default, $4, $5, $6)',
      [post, member, member, member, member, member],
      null,
    ],
    [
      'insert into "post_poll_voters" ("post_id", "user_id") values ($1, $2) on conflict do nothing returning "post_id"',
      [post, member],
      post,
    ],
    [
      'delete from "post_poll_votes" where ("post_poll_votes"."post_id" = $1 and "post_poll_votes"."user_id" = $2)',
      [post, member],
      post,
    ],
    // A group's pins swept at once (its deletion's cascade spelt out) are every post's.
    ['delete from "group_pins" where "group_pins"."group_id" = $1', [member], null],
    // A reaction's post column qualified by another table's name is not read as its post.
    [
      'delete from "post_reactions" where ("post_likes"."post_id" = $1 and "post_reactions"."user_id" = $2)',
      [post, member],
      null,
    ],
    ['delete from "comment_reactions" where "comment_reactions"."comment_id" = $1', [member], null],
    // Not told apart: several rows, a delete by another column or with OR, no values, not a uuid.
    [
      'insert into "post_likes" ("post_id", "user_id") values ($1, $2), ($3, $4)',
      [post, member, member, post],
      null,
    ],
    ['delete from "post_likes" where "post_likes"."user_id" = $1', [member], null],
    [
      'delete from "post_likes" where ("post_likes"."post_id" = $1 or "post_likes"."user_id" = $2)',
      [post, member],
      null,
    ],
    ['delete from "comments" where "comments"."id" = $1', [post], null],
    ['insert into "post_likes" ("post_id", "user_id") values ($1, $2)', undefined, null],
    ['insert into "post_likes" ("post_id", "user_id") values ($1, $2)', ['not-a-uuid', member], null],
  ])('%s → %s', (sql, params, expected) => {
    expect(postOfWrite(sql, params)).toBe(expected);
  });

  it("changes that post's rows of the likes and the counters, and every post's when it cannot tell", () => {
    const liked = tablesWritten('insert into "post_likes" ("post_id", "user_id") values ($1, $2)', [
      post,
      member,
    ]);
    expect([...liked].sort()).toEqual(
      ['post_likes', POST_COUNTERS, rowsOf('post_likes', post), rowsOf(POST_COUNTERS, post)].sort(),
    );
    const swept = tablesWritten('delete from "post_likes" where "post_likes"."user_id" = $1', [member]);
    expect(swept).toEqual(expect.arrayContaining([everyRowOf('post_likes'), everyRowOf(POST_COUNTERS)]));
    // A pin changes its post's pin (and its group's pins) and nothing of any other post.
    expect(
      [
        ...tablesWritten(
          'delete from "group_pins" where ("group_pins"."post_id" = $1 and "group_pins"."group_id" = $2)',
          [post, member],
        ),
      ].sort(),
    ).toEqual(['group_pins', rowsOf('group_pins', post), groupRowsOf('group_pins', member)].sort());
    // A post deleted takes every post's rows with it, as far as the kept answers can tell.
    expect(tablesWritten('delete from "posts" where "id" = $1', [post])).toEqual(
      expect.arrayContaining([
        everyRowOf('comments'),
        everyRowOf('post_likes'),
        everyRowOf('group_pins'),
        everyRowOf(POST_COUNTERS),
      ]),
    );
  });
});

describe("a new post's or a pin's group (ADR 056)", () => {
  const group = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c0aa';
  const post = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c001';
  const member = '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c002';
  const newPost =
    'insert into "posts" ("id", "user_id", "group_id", "tldr", "content", "file_id", "edited_at", "likes_count", "comments_count", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, default, default, default, $6, default) returning "id"';

  it.each([
    [newPost, [member, group.toUpperCase(), 'Title', '', null, new Date()], group],
    // A post in no group is no group's.
    [newPost, [member, null, 'Title', '', null, new Date()], null],
    [
      'insert into "group_pins" ("post_id", "group_id", "pinned_by_id", "created_at") values ($1, $2, $3, $4) on conflict do nothing returning "post_id"',
      [post, group, member, new Date()],
      group,
    ],
    [
      'delete from "group_pins" where ("group_pins"."post_id" = $1 and "group_pins"."group_id" = $2) returning "post_id"',
      [post, group],
      group,
    ],
    ['delete from "group_pins" where "group_pins"."group_id" = $1', [group], group],
    // Not told apart: a condition that is not a plain conjunction, a write by another column, an
    // edit (which may touch any group's post), no values, not a uuid.
    [
      'delete from "group_pins" where ("group_pins"."group_id" = $1 or "group_pins"."post_id" = $2)',
      [group, post],
      undefined,
    ],
    ['delete from "group_pins" where not "group_pins"."group_id" = $1', [group], undefined],
    ['delete from "group_pins" where "group_pins"."post_id" = $1', [post], undefined],
    ['update "posts" set "tldr" = $1 where "posts"."id" = $2', ['Title', post], undefined],
    ['delete from "posts" where "posts"."group_id" = $1', [group], undefined],
    [newPost, undefined, undefined],
    [newPost, [member, 'not-a-uuid', 'Title', '', null, new Date()], undefined],
  ])('%s (%j) → %s', (sql, params, expected) => {
    expect(groupOfWrite(sql, params)).toBe(expected);
  });

  it("changes that group's rows of the posts and the pins, no group's for a post outside them, and every group's when it cannot tell", () => {
    const inGroup = tablesWritten(newPost, [member, group, 'Title', '', null, new Date()]);
    expect([...inGroup].sort()).toEqual(
      ['posts', groupRowsOf('posts', group), POST_COUNTERS, everyRowOf(POST_COUNTERS)].sort(),
    );
    const outside = tablesWritten(newPost, [member, null, 'Title', '', null, new Date()]);
    expect([...outside].sort()).toEqual(['posts', POST_COUNTERS, everyRowOf(POST_COUNTERS)].sort());
    const pin = tablesWritten(
      'insert into "group_pins" ("post_id", "group_id", "pinned_by_id", "created_at") values ($1, $2, $3, $4)',
      [post, group, member, new Date()],
    );
    expect([...pin].sort()).toEqual(
      ['group_pins', rowsOf('group_pins', post), groupRowsOf('group_pins', group)].sort(),
    );
    // An edit, and a group deleted with its posts and pins: every group's rows.
    expect(
      tablesWritten('update "posts" set "tldr" = $1 where "posts"."id" = $2', ['Title', post]),
    ).toContain(everyGroupRowOf('posts'));
    expect(tablesWritten('delete from "groups" where "groups"."id" = $1', [group])).toEqual(
      expect.arrayContaining([everyGroupRowOf('posts'), everyGroupRowOf('group_pins')]),
    );
  });
});
