import { and, eq, sql } from 'drizzle-orm';
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
