import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import { searchTerms } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createPostAs } from '../../../tests/support/social-factories';
import { queryTerms, TERM_STATS_TTL_MS } from './keyword-search.repo';
import { parseQueryText } from './query-text';
import { embedderFor } from './search.indexer';
import { refreshTermStats } from './term-stats.repo';
import { rankByMeaning } from './vector-search.repo';

/** The document frequency search uses for `word` right now (kept or read). */
async function documentsFor(app: TestApp, word: string): Promise<number | undefined> {
  const { terms } = await queryTerms(app.context.db, 'posts', word);
  return terms[0]?.documents;
}

describe('query statistics kept between searches', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('reuses stored frequencies for a short while and forgets them when they are refreshed', async () => {
    const { client } = await memberWithClient(app);
    await createPostAs(client, { tldr: 'Quince jelly', content: 'Made with windfalls.' });
    await createPostAs(client, { tldr: 'More quince', content: 'A second batch.' });
    await refreshTermStats(app.context.db, 'posts');
    expect(await documentsFor(app, 'quince')).toBe(2);

    // The stored figure changes behind search's back: within the TTL the kept figure answers...
    await app.context.db
      .update(searchTerms)
      .set({ documents: 7 })
      .where(and(eq(searchTerms.corpus, 'posts'), eq(searchTerms.lexeme, 'quinc')));
    expect(await documentsFor(app, 'quince')).toBe(2);
    // ...and once it has expired the stored one is read again (the update above did land).
    const later = Date.now() + TERM_STATS_TTL_MS + 1;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await documentsFor(app, 'quince')).toBe(7);
    } finally {
      clock.mockRestore();
    }

    // A refresh in this process forgets what was kept at once.
    expect(await documentsFor(app, 'quince')).toBe(7);
    await createPostAs(client, { tldr: 'Quince paste', content: 'For the cheese board.' });
    await refreshTermStats(app.context.db, 'posts');
    expect(await documentsFor(app, 'quince')).toBe(3);
  });

  it('never keeps a frequency counted live (a word new since the last refresh)', async () => {
    const { client } = await memberWithClient(app);
    await refreshTermStats(app.context.db, 'posts');
    await createPostAs(client, { tldr: 'Medlar harvest', content: 'Bletted on straw.' });
    expect(await documentsFor(app, 'medlar')).toBe(1);
    await createPostAs(client, { tldr: 'Medlar cheese', content: 'Like quince paste.' });
    expect(await documentsFor(app, 'medlar')).toBe(2);
  });
});

describe('meaning search on a single-connection database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('sets the index settings for the session once and finds what the transaction path finds', async (context) => {
    if (!app.context.database.hasVector) context.skip();
    const { member, client } = await memberWithClient(app);
    for (const [tldr, content] of [
      ['Apple orchard', 'Picking apples and pears in the autumn sun.'],
      ['Bicycle repair', 'Fixing a puncture on the road bike.'],
      ['Sourdough', 'Baking bread with a starter at home.'],
    ] as const) {
      await createPostAs(client, { tldr, content });
    }
    const embedder = embedderFor(app.context.config);
    const query = parseQueryText('fruit trees harvest');
    const [vector] = await embedder.embed([query.wanted]);
    const deadline = Date.now() + 60_000;
    const options = {
      corpus: 'posts' as const,
      query,
      viewerId: member.id,
      model: embedder.model,
      vector: vector!,
      limit: 30,
      maxDistance: 2,
    };
    // Indexing runs in the worker: wait until every post has its vector (the positive control).
    let pooled = await rankByMeaning(app.context.db, options);
    while (pooled.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      pooled = await rankByMeaning(app.context.db, options);
    }
    expect(pooled.length).toBeGreaterThanOrEqual(3);

    const single = await rankByMeaning(app.context.db, { ...options, singleConnection: true });
    expect(single.map((hit) => hit.id)).toEqual(pooled.map((hit) => hit.id));
    const [settings] = rowsOf<{ iterative: string; ef: string }>(
      await app.context.db.execute(
        sql`select current_setting('hnsw.iterative_scan') as iterative, current_setting('hnsw.ef_search') as ef`,
      ),
    );
    expect(settings).toEqual({ iterative: 'relaxed_order', ef: '60' });
  }, 90_000);
});

describe('meaning search reads the vector index, not every entry', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** The plan PostgreSQL chooses for the statement rankByMeaning sends (captured, then explained). */
  async function meaningPlan(options: Parameters<typeof rankByMeaning>[1]): Promise<string> {
    const { db } = app.context;
    const sent: unknown[] = [];
    const original = db.execute.bind(db);
    const spy = vi.spyOn(db, 'execute').mockImplementation(((query: never) => {
      sent.push(query);
      return original(query);
    }) as never);
    try {
      await rankByMeaning(db, options);
    } finally {
      spy.mockRestore();
    }
    const dialect = new PgDialect();
    const nearest = sent.find((query) => dialect.sqlToQuery(query as SQL).sql.includes('<=>'));
    expect(nearest).toBeDefined();
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain ${nearest as SQL}`));
    return plan.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('walks the HNSW index for the nearest posts once there are thousands of them', async (context) => {
    if (!app.context.database.hasVector) context.skip();
    const { member, client } = await memberWithClient(app);
    // One post through the API, so the model's index exists as the worker makes it...
    await createPostAs(client, { tldr: 'Apple orchard', content: 'Picking apples in the autumn sun.' });
    const embedder = embedderFor(app.context.config);
    const deadline = Date.now() + 60_000;
    const indexed = async () =>
      rowsOf<{ n: number }>(
        await app.context.db.execute(
          sql`select count(*)::int as n from search_entries where embedding is not null`,
        ),
      )[0]!.n;
    while ((await indexed()) < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await indexed()).toBe(1);
    // ...then 3,000 more with vectors of the same model (random directions), and fresh statistics.
    await app.context.db.execute(sql`
      insert into posts (user_id, tldr, content)
      select ${member.id}, 'Bulk ' || g, 'Filler ' || g from generate_series(1, 3000) g`);
    await app.context.db.execute(sql`
      insert into search_entries (post_id, model, embedding)
      select p.id, ${embedder.model},
        (select array_agg(random()::real) from generate_series(1, 100) d where p.id is not null)
      from posts p where p.tldr like 'Bulk %'`);
    await app.context.db.execute(sql`analyze search_entries`);
    await app.context.db.execute(sql`analyze posts`);

    const query = parseQueryText('fruit trees harvest');
    const [vector] = await embedder.embed([query.wanted]);
    const plan = await meaningPlan({
      corpus: 'posts',
      query,
      viewerId: member.id,
      model: embedder.model,
      vector: vector!,
      limit: 50,
      maxDistance: 2,
      singleConnection: true,
    });
    expect(plan).toMatch(/Index Scan using search_entries_hnsw_/);
  }, 90_000);
});

describe('PostgreSQL connections without JIT', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('turns JIT compilation off for every pooled connection the app queries through', async (context) => {
    if (app.context.database.kind !== 'postgres') context.skip();
    // Positive control: the server itself has JIT on (PostgreSQL's default), so "off" below is ours.
    const [server] = rowsOf<{ boot: string }>(
      await app.context.db.execute(sql`select boot_val as boot from pg_settings where name = 'jit'`),
    );
    expect(server?.boot).toBe('on');
    // Several at once, so more than one connection of the pool answers.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        app.context.db.transaction(async (tx) =>
          rowsOf<{ jit: string; pid: number }>(
            await tx.execute(sql`select current_setting('jit') as jit, pg_backend_pid() as pid`),
          ),
        ),
      ),
    );
    expect(new Set(settings.map((rows) => rows[0]!.pid)).size).toBeGreaterThan(1);
    expect(settings.map((rows) => rows[0]!.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
