import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommunity } from '../../bench/seed';
import { type Database, rowsOf } from '../../server/db/client';
import { openTestDatabase } from '../support/test-database';

/**
 * `bench:seed` into an empty database is a bulk load (triggers off, indexes built afterwards); into
 * one that already holds posts it inserts row by row with every trigger live. Both must leave the
 * same community: the same text for the same seed, counters equal to the rows they count, every
 * reference pointing at a row, the schema's indexes all there, and the triggers working again.
 */
describe('bench:seed', () => {
  const POSTS = 300;
  let bulk: { database: Database; drop(): Promise<void> };
  let rowByRow: { database: Database; drop(): Promise<void> };
  const bulkLog: string[] = [];
  const rowLog: string[] = [];
  let indexesBefore: string[];

  const indexes = async (database: Database) =>
    rowsOf<{ def: string }>(
      await database.db.execute(sql`select indexdef as def from pg_indexes
        where schemaname = 'public' order by indexname`),
    ).map((row) => row.def);

  beforeAll(async () => {
    bulk = await openTestDatabase();
    rowByRow = await openTestDatabase();
    indexesBefore = await indexes(bulk.database);
    await seedCommunity(bulk.database.db, { posts: POSTS, seed: 5, log: (line) => bulkLog.push(line) });
    // A post already there: the seed must then take the row-by-row path.
    await rowByRow.database.db.execute(sql`with u as (
        insert into users (username, email, password_hash) values ('earlier', 'earlier@x.test', 'x')
        returning id)
      insert into posts (user_id, tldr, content) select id, 'Earlier post', '' from u`);
    await seedCommunity(rowByRow.database.db, { posts: POSTS, seed: 5, log: (line) => rowLog.push(line) });
  }, 120_000);
  afterAll(async () => {
    await bulk?.drop();
    await rowByRow?.drop();
  });

  it('loads an empty database in bulk and the other row by row', () => {
    expect(bulkLog.join('\n')).toMatch(/bulk load/);
    expect(bulkLog.join('\n')).toMatch(/built \d+ indexes after the load/);
    expect(rowLog.join('\n')).not.toMatch(/bulk load/);
    expect(rowLog.join('\n')).toMatch(/Inserted [\d,]+ rows/);
  });

  it('writes the same community on both paths for the same seed', async () => {
    const shape = async (database: Database) =>
      rowsOf<Record<string, string | number>>(
        await database.db.execute(sql`select
          (select count(*)::int from posts p join users u on u.id = p.user_id
            where u.username like 'member%') as posts,
          (select count(*)::int from comments) as comments,
          (select count(*)::int from post_likes) as likes,
          (select count(*)::int from group_roles) as roles,
          (select count(*)::int from follows) as follows,
          (select md5(string_agg(p.tldr || p.content || u.username, '|' order by p.created_at, p.tldr))
            from posts p join users u on u.id = p.user_id where u.username like 'member%') as text,
          (select string_agg(p.likes_count || '/' || p.comments_count, ',' order by p.created_at, p.tldr)
            from posts p join users u on u.id = p.user_id where u.username like 'member%') as counters`),
      )[0]!;
    const [a, b] = [await shape(bulk.database), await shape(rowByRow.database)];
    expect(a.posts).toBe(POSTS);
    expect(Number(a.comments)).toBeGreaterThan(200);
    expect(Number(a.likes)).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('leaves counters equal to the rows, every reference resolved and every index of the schema', async () => {
    const [check] = rowsOf<Record<string, number>>(
      await bulk.database.db.execute(sql`select
        (select count(*)::int from posts p
          where likes_count <> (select count(*) from post_likes l where l.post_id = p.id)
             or comments_count <> (select count(*) from comments c where c.post_id = p.id)) as wrong_counters,
        (select count(*)::int from posts where likes_count > 0) as liked_posts,
        (select count(*)::int from comments c
          where not exists (select 1 from posts p where p.id = c.post_id)
             or (c.parent_id is not null and not exists (select 1 from comments x where x.id = c.parent_id))
             or not exists (select 1 from users u where u.id = c.user_id)) as dangling_comments,
        (select count(*)::int from post_likes l
          where not exists (select 1 from posts p where p.id = l.post_id)
             or not exists (select 1 from users u where u.id = l.user_id)) as dangling_likes,
        (select count(*)::int from posts p
          where not exists (select 1 from users u where u.id = p.user_id)
             or (p.group_id is not null and not exists (select 1 from groups g where g.id = p.group_id)))
          as dangling_posts`),
    );
    expect(check).toEqual({
      wrong_counters: 0,
      liked_posts: check!.liked_posts,
      dangling_comments: 0,
      dangling_likes: 0,
      dangling_posts: 0,
    });
    expect(check!.liked_posts).toBeGreaterThan(0);
    expect(await indexes(bulk.database)).toEqual(indexesBefore);
  });

  it('leaves the counter triggers and foreign keys working after the bulk load', async () => {
    const db = bulk.database.db;
    const [post] = rowsOf<{ id: string; likes: number }>(
      await db.execute(sql`select p.id, p.likes_count as likes from posts p
        where not exists (select 1 from post_likes l join users u on u.id = l.user_id
          where l.post_id = p.id and u.username = 'member0')
        limit 1`),
    );
    // Several statements, so more than one pooled connection is likely to serve them.
    for (let round = 0; round < 4; round++) {
      await db.execute(sql`insert into post_likes (post_id, user_id)
        select ${post!.id}, id from users where username = 'member0'`);
      const [after] = rowsOf<{ likes: number }>(
        await db.execute(sql`select likes_count as likes from posts where id = ${post!.id}`),
      );
      expect(after!.likes).toBe(post!.likes + 1);
      await db.execute(sql`delete from post_likes where post_id = ${post!.id}
        and user_id = (select id from users where username = 'member0')`);
    }
    await expect(
      db.execute(sql`insert into post_likes (post_id, user_id)
        values (gen_random_uuid(), (select id from users where username = 'member0'))`),
    ).rejects.toThrow();
  });
});
