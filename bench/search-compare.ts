// Old and new search code side by side: runs the search-latency queries in process through this
// checkout's `searchPosts` and another checkout's (BENCH_COMPARE_BASE, e.g. a `git worktree` or
// `git archive` of main with node_modules linked), on one database handle, alternating which goes
// first, so both see the same load. Prints p50/p95 of each and how many pages differed. Needs a
// database the search-latency suite seeded and kept (as bench/search-profile.ts does).
//
//   BENCH_COMPARE_BASE=/tmp/base BENCH_SEARCH_DATA_DIR=/tmp/x npx tsx bench/search-compare.ts
//   BENCH_COMPARE_BASE=/tmp/base BENCH_DATABASE_URL=postgres://…/bench npx tsx bench/search-compare.ts
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { resolveMentions } from '../server/features/mentions/mentions.service';
import { NO_COUNTS, presentPosts } from '../server/features/posts/posts.presenter';
import * as current from '../server/features/search/search.service';
import { percentile } from './search-relevance/metrics';
import { openSeededSearchDatabase } from './support/hearth';
import { SEARCH_LATENCY_QUERIES } from './search-latency';

const ROUNDS = Number(process.env.BENCH_PROFILE_ROUNDS ?? 6);

async function main() {
  const base = process.env.BENCH_COMPARE_BASE;
  if (!base) throw new Error('Set BENCH_COMPARE_BASE (and BENCH_SEARCH_DATA_DIR or BENCH_DATABASE_URL)');
  const other = (await import(
    pathToFileURL(path.resolve(base, 'server/features/search/search.service.ts')).href
  )) as typeof current;
  const { config, database } = await openSeededSearchDatabase(4);
  const { db } = database;
  const [viewer] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where username = 'viewer'`),
  );
  if (!viewer)
    throw new Error('No seeded viewer: run the search-latency suite with BENCH_SEARCH_REUSE first');
  const deps = { db, config, database, logger: console as never };
  const search = async (impl: typeof current, query: string) => {
    const started = performance.now();
    const rows = await impl.searchPosts(deps as never, viewer.id, query);
    const mentions = await resolveMentions(
      db,
      viewer.id,
      rows.map((row) => row.content),
    );
    presentPosts(
      rows.map((row) => ({ ...row, ...NO_COUNTS })),
      viewer.id,
      config.publicOrigin,
      mentions,
    );
    return { ms: performance.now() - started, page: rows.map((row) => row.id).join() };
  };
  const times = { base: [] as number[], current: [] as number[] };
  let differing = 0;
  const queries = Object.values(SEARCH_LATENCY_QUERIES).flat();
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      const order = round % 2 === 0 ? (['base', 'current'] as const) : (['current', 'base'] as const);
      const result: Partial<Record<'base' | 'current', { ms: number; page: string }>> = {};
      for (const side of order) result[side] = await search(side === 'base' ? other : current, query);
      // The first round warms both up.
      if (round > 0) {
        times.base.push(result.base!.ms);
        times.current.push(result.current!.ms);
      }
      if (result.base!.page !== result.current!.page) differing++;
    }
  }
  const line = (name: string, list: number[]) =>
    console.log(
      `  ${name.padEnd(8)} p50 ${percentile(list, 50).toFixed(1).padStart(7)}   p95 ${percentile(list, 95)
        .toFixed(1)
        .padStart(7)}   n ${list.length}`,
    );
  console.log(`${database.kind}, ${queries.length} queries x ${ROUNDS - 1} (after a warm-up round)`);
  line('base', times.base);
  line('current', times.current);
  console.log(`  pages that differed: ${differing} of ${queries.length * ROUNDS}`);
  await database.close();
}

await main();
