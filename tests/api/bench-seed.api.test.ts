import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_POST_EVERY, seedCommunity } from '../../bench/seed';
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

/** Issue 28's photos in the bench's community: checked uploads as the app keeps them, and nothing else changed. */
describe('bench:seed with photos', () => {
  const POSTS = 100;
  let plain: { database: Database; drop(): Promise<void> };
  let withPhotos: { database: Database; drop(): Promise<void> };
  let filesDir: string;

  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-seed-photos-'));
    plain = await openTestDatabase();
    withPhotos = await openTestDatabase();
    await seedCommunity(plain.database.db, { posts: POSTS, seed: 5 });
    await seedCommunity(withPhotos.database.db, { posts: POSTS, seed: 5, photos: { filesDir } });
  }, 120_000);
  afterAll(async () => {
    await plain?.drop();
    await withPhotos?.drop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('gives one post in ten 2 to 8 photos in order, each a WebP image and preview of its row’s size', async () => {
    const photos = rowsOf<{
      post_id: string;
      position: number;
      image: string;
      thumb: string;
      width: number;
      height: number;
      status: string;
    }>(
      await withPhotos.database.db.execute(sql`select pf.post_id, pf.position, f.storage_key as image,
          f.thumbnail_key as thumb, f.width, f.height, f.status::text as status
        from post_files pf join files f on f.id = pf.file_id order by pf.post_id, pf.position`),
    );
    const perPost = new Map<string, number[]>();
    for (const photo of photos)
      perPost.set(photo.post_id, [...(perPost.get(photo.post_id) ?? []), photo.position]);
    expect(perPost.size).toBe(POSTS / PHOTO_POST_EVERY);
    for (const positions of perPost.values()) {
      expect(positions.length).toBeGreaterThanOrEqual(2);
      expect(positions.length).toBeLessThanOrEqual(8);
      expect(positions).toEqual(positions.map((_, k) => k));
    }
    for (const photo of photos.slice(0, 5)) {
      expect(photo.status).toBe('uploaded');
      const image = await sharp(fs.readFileSync(path.join(filesDir, photo.image))).metadata();
      expect({ format: image.format, width: image.width, height: image.height }).toEqual({
        format: 'webp',
        width: photo.width,
        height: photo.height,
      });
      expect((await sharp(fs.readFileSync(path.join(filesDir, photo.thumb))).metadata()).width).toBe(
        Math.round(photo.width / 2),
      );
    }
  });

  it('leaves the rest of the community as it was', async () => {
    const text = async (database: Database) =>
      rowsOf<{ text: string }>(
        await database.db
          .execute(sql`select md5(string_agg(p.tldr || p.content || u.username || p.likes_count,
            '|' order by p.created_at, p.tldr)) as text from posts p join users u on u.id = p.user_id`),
      )[0]!.text;
    expect(await text(withPhotos.database)).toBe(await text(plain.database));
    const [none] = rowsOf<{ files: number }>(
      await plain.database.db.execute(sql`select count(*)::int as files from files`),
    );
    expect(none!.files).toBe(0);
  });
});
