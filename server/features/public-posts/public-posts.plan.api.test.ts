import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/pagination';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember } from '../../../tests/support/factories';
import { publishedQuery, type PublishedFilter } from './public-posts.repo';

/**
 * The published feed costs the same at page 1 and deep: a keyset walk of public_posts_created_idx
 * stopped by LIMIT, each row joined to its post by primary key; never a sort of every publication.
 */
describe('published feed query plan', () => {
  let app: TestApp;
  let authorId: string;
  const POSTS = 4000;

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.context.db;
    const authors = [await createMember(app), await createMember(app), await createMember(app)];
    authorId = authors[0]!.id;
    await db.execute(sql`
      insert into posts (user_id, tldr, content, created_at)
      select case when i % 40 = 0 then ${authors[0]!.id}::uuid
                  when i % 2 = 0 then ${authors[1]!.id}::uuid else ${authors[2]!.id}::uuid end,
             'Post ' || i, 'Body ' || i, timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, ${POSTS}) as i`);
    // Every other post is published, in an order unrelated to when it was written; the first
    // author wrote one post in forty (a profile among many, as on a real site).
    await db.execute(sql`
      insert into public_posts (post_id, user_id, slug, created_at)
      select id, user_id, 'slug-' || row_number() over (order by id),
             timestamptz '2026-06-01' + (row_number() over (order by id)) * interval '1 second'
      from posts where (extract(minute from created_at)::int) % 2 = 0`);
    await db.execute(sql`analyze`);
  }, 60_000);
  afterAll(() => app.close());

  async function explain(filter: PublishedFilter): Promise<string> {
    const result = await app.context.db.execute(
      sql`explain (analyze, costs off, timing off, summary on) ${publishedQuery(app.context.db, filter)}`,
    );
    return rowsOf<{ 'QUERY PLAN': string }>(result)
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  }

  async function deepCursor(offset: number, extra = sql`true`) {
    const [row] = rowsOf<{ id: string; at: string }>(
      await app.context.db.execute(sql`
        select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        from public_posts where ${extra} order by created_at desc, id desc offset ${offset} limit 1`),
    );
    return decodeCursor(encodeCursor({ createdAt: row!.at, id: row!.id }));
  }

  it('walks public_posts_created_idx by keyset, at page 1 and deep', async () => {
    const first = await explain({ cursor: null, limit: 20 });
    const deep = await explain({ cursor: await deepCursor(1500), limit: 20 });
    expect(deep).not.toMatch(/Rows Removed by Filter/);
    console.info(`Published feed, page 1:\n${first}\n\nPublished feed, deep cursor:\n${deep}`);
    for (const plan of [first, deep]) {
      expect(plan).toMatch(/Limit/);
      expect(plan).toMatch(/Index Scan using public_posts_created_idx on public_posts/);
      expect(plan).not.toMatch(/Sort Key|Seq Scan on (public_posts|posts)/);
    }
    expect(deep).toMatch(/Index Cond: \(ROW\((public_posts\.)?created_at, (public_posts\.)?id\) < ROW\(/);
  });

  it('walks public_posts_user_created_idx for one profile, with no sort at all', async () => {
    const first = await explain({ profileId: authorId, cursor: null, limit: 20 });
    const deep = await explain({
      profileId: authorId,
      cursor: await deepCursor(40, sql`user_id = ${authorId}::uuid`),
      limit: 20,
    });
    console.info(`Profile's published posts, page 1:\n${first}\n\nDeep cursor:\n${deep}`);
    for (const plan of [first, deep]) {
      expect(plan).toMatch(/Index Scan using public_posts_user_created_idx on public_posts/);
      expect(plan).not.toMatch(/Seq Scan on (public_posts|posts)/);
      // The index ends in id, so it yields the keyset order itself: no sort step, not even an incremental one.
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
