import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/pagination';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember } from '../../../tests/support/factories';
import { timelineQuery, type TimelineFilter } from './posts.repo';

/**
 * The timeline must cost the same at page 1 and page 100: a keyset scan of posts_created_idx
 * (or posts_group_created_idx), stopped by LIMIT, never a sort of the whole table.
 */
describe('timeline query plan', () => {
  let app: TestApp;
  let viewerId: string;
  let groupId: string;
  const POSTS = 5000;

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.context.db;
    const [viewer, author] = [await createMember(app), await createMember(app)];
    viewerId = viewer.id;
    await db.execute(
      sql`insert into groups (name) select 'Plan group ' || i from generate_series(1, 10) as i`,
    );
    const groups = rowsOf<{ id: string }>(await db.execute(sql`select id from groups order by name`));
    groupId = groups[0]!.id;
    // The viewer belongs to two of the ten groups.
    await db.execute(sql`insert into group_roles (group_id, user_id, role)
      values (${groups[0]!.id}, ${viewerId}, 'Poster'), (${groups[1]!.id}, ${viewerId}, 'Commentor')`);
    // Half the posts are outside groups, half spread over the ten groups, one a minute apart.
    await db.execute(sql`
      insert into posts (user_id, group_id, tldr, content, created_at)
      select ${author.id},
             case when i % 2 = 0 then null else (array[${sql.join(
               groups.map((g) => sql`${g.id}::uuid`),
               sql`, `,
             )}])[1 + (i / 2) % 10] end,
             'Post ' || i, 'Body of post ' || i,
             timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, ${POSTS}) as i`);
    await db.execute(sql`analyze`);
  }, 60_000);
  afterAll(() => app.close());

  async function explain(filter: TimelineFilter): Promise<string> {
    const result = await app.context.db.execute(
      sql`explain (analyze, costs off, timing off, summary on) ${timelineQuery(app.context.db, filter)}`,
    );
    return rowsOf<{ 'QUERY PLAN': string }>(result)
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  }

  /** A cursor deep in a timeline: row 2000 is page 100 of 20. */
  async function deepCursor(offset: number, extra = sql`true`) {
    const [row] = rowsOf<{ id: string; at: string }>(
      await app.context.db.execute(sql`
        select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        from posts where ${extra} order by created_at desc, id desc offset ${offset} limit 1`),
    );
    return decodeCursor(encodeCursor({ createdAt: row!.at, id: row!.id }));
  }

  it('scans posts_created_idx by keyset on the main timeline, at page 1 and deep', async () => {
    const first = await explain({ viewerId, cursor: null, limit: 20 });
    const deep = await explain({ viewerId, cursor: await deepCursor(2000), limit: 20 });
    console.info(`Timeline, page 1:\n${first}\n\nTimeline, deep cursor (row 2000):\n${deep}`);
    for (const plan of [first, deep]) {
      expect(plan).toMatch(/Limit/);
      expect(plan).toMatch(/Index Scan using posts_created_idx on posts/);
      expect(plan).not.toMatch(/Sort Key|Seq Scan on posts/);
    }
    expect(deep).toMatch(/Index Cond: \(ROW\((posts\.)?created_at, (posts\.)?id\) < ROW\(/);
  });

  it('scans posts_group_created_idx on a group timeline, at page 1 and deep', async () => {
    const first = await explain({ viewerId, groupId, cursor: null, limit: 20 });
    const deep = await explain({
      viewerId,
      groupId,
      cursor: await deepCursor(200, sql`group_id = ${groupId}::uuid`),
      limit: 20,
    });
    console.info(
      `Group timeline, page 1:\n${first}\n\nGroup timeline, deep cursor (row 200 of 250):\n${deep}`,
    );
    expect(deep).toMatch(
      /Index Cond: \(\((posts\.)?group_id = .*\) AND \(ROW\((posts\.)?created_at, (posts\.)?id\) < ROW\(/,
    );
    for (const plan of [first, deep]) {
      expect(plan).toMatch(/Index Scan using posts_group_created_idx on posts/);
      expect(plan).not.toMatch(/Sort Key|Seq Scan on posts/);
    }
  });
});
