import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember } from '../../../tests/support/factories';

const FULL_TEXT_INDEXES = ['posts_search_idx', 'links_search_idx', 'search_entries_extra_idx'];

/**
 * PGlite has no autovacuum, so a GIN index's pending list (fastupdate) would only be flushed when
 * it outgrew gin_pending_list_limit, and every search reads that list whole: at 100,000 posts it
 * made a one-word search read ~500 extra pages. Hearth's full-text indexes keep no pending list.
 */
describe('full-text indexes', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(async () => {
    await app.close();
  });

  it('are created without a pending list', async () => {
    const rows = rowsOf<{ name: string; options: string[] | null }>(
      await app.context.db.execute(sql`
        select c.relname as name, c.reloptions as options from pg_class c
        where c.relname in (${sql.join(
          FULL_TEXT_INDEXES.map((name) => sql`${name}`),
          sql`, `,
        )})`),
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...FULL_TEXT_INDEXES].sort());
    for (const row of rows) expect(row.options).toContain('fastupdate=false');
  });

  it('leave nothing pending after posts are written, where a default GIN index would', async () => {
    const db = app.context.db;
    const author = await createMember(app);
    // Positive control: the same rows in a table with a default GIN index fill its pending list.
    await db.execute(sql`create temporary table pending_control (v tsvector)`);
    await db.execute(sql`create index pending_control_idx on pending_control using gin (v)`);
    await db.execute(sql`
      insert into pending_control (v)
      select to_tsvector('english', 'Allotment water rota for week ' || i) from generate_series(1, 200) as i`);
    await db.execute(sql`
      insert into posts (user_id, tldr, content)
      select ${author.id}, 'Allotment rota ' || i, 'Water rota for week ' || i
      from generate_series(1, 200) as i`);
    const [flushed] = rowsOf<{ control: number; posts: number }>(
      await db.execute(sql`
        select gin_clean_pending_list('pending_control_idx'::regclass) as control,
               gin_clean_pending_list('posts_search_idx'::regclass) as posts`),
    );
    expect(Number(flushed!.control)).toBeGreaterThan(0);
    expect(Number(flushed!.posts)).toBe(0);
  });
});
