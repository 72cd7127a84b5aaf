// Search latency: p50/p95 of `POST /api/search` over HTTP at 100,000 posts (BENCH_SEARCH_POSTS),
// for common words, rare words and sentences. Posts are bulk-inserted with SQL (varied community
// text built from the relevance set's filler material; half in groups the viewer mostly cannot
// see, so the visibility filter matters). Inserting through SQL skips whatever the app does when a
// post is created, so the suite then runs `npm run cli -- reindex` when the CLI offers it (with
// Hearth stopped, as the embedded database requires) and waits for the jobs that causes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { FILLER, SLOTS } from './search-relevance/material/filler';
import { percentile } from './search-relevance/metrics';
import {
  type BenchHearth,
  failedJobs,
  health,
  insertMember,
  searchedPosts,
  signedInClient,
  startBenchHearth,
  vectorCoverage,
  waitForJobs,
  writeResult,
} from './support/hearth';

const POSTS = Number(process.env.BENCH_SEARCH_POSTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 10);
const BATCH = 10_000;
const AUTHORS = 50;
const INDEX_TIMEOUT_MS = Number(process.env.BENCH_INDEX_TIMEOUT_MS ?? 1_800_000);
const ROOT = path.join(import.meta.dirname, '..');
/**
 * A data folder kept between runs (PGlite), or on BENCH_DATABASE_URL the database itself: when it
 * already holds the seeded posts, seeding and reindexing are skipped, so a change can be measured
 * again in a minute instead of five.
 */
const REUSE_DIR = process.env.BENCH_SEARCH_DATA_DIR;
const REUSE = Boolean(REUSE_DIR) || process.env.BENCH_SEARCH_REUSE === '1';

/** Rare words, each planted in one post out of `every`. */
const RARE = [
  { word: 'zeppelin', sentence: 'The zeppelin museum trip is confirmed for the spring.', every: 5000 },
  { word: 'marmalade', sentence: 'Seville orange marmalade is back on the produce stall.', every: 2000 },
  { word: 'accordion', sentence: 'An accordion player will lead the ceilidh in the barn.', every: 10_000 },
];

export const SEARCH_LATENCY_QUERIES = {
  common: ['training', 'walk', 'school', 'dinner', 'club', 'rain', 'children', 'bike'],
  rare: RARE.map((rare) => rare.word),
  sentence: [
    'what time does training start on saturday',
    'can anyone recommend a plumber for a small job',
    'where can I borrow a ladder this weekend',
    'how long is the walk along the coast path',
    'is the school closed because of the snow',
    'who is bringing food to the summer barbecue',
  ],
} as const;

/** Every filler sentence and title with its slots filled a few ways: the text pools the SQL draws on. */
function textPools() {
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const fill = (text: string) =>
    text.replace(
      /\{(\w+)\}/g,
      (_, slot: keyof typeof SLOTS) => SLOTS[slot][Math.floor(next() * SLOTS[slot].length)]!,
    );
  const variants = (texts: string[], times: number) =>
    texts.flatMap((text) => Array.from({ length: times }, () => fill(text)));
  return {
    titles: variants(
      FILLER.flatMap((domain) => domain.titles),
      3,
    ),
    sentences: variants(
      FILLER.flatMap((domain) => domain.sentences),
      3,
    ),
  };
}

async function seed(bench: BenchHearth) {
  const { db } = bench;
  const viewer = await insertMember(db, 'viewer');
  for (let i = 0; i < AUTHORS; i++) await insertMember(db, `author${i}`);
  await db.execute(
    sql`insert into groups (name) select 'Bench group ' || i from generate_series(1, 10) as i`,
  );
  const groups = rowsOf<{ id: string }>(await db.execute(sql`select id from groups order by name`));
  await db.execute(sql`insert into group_roles (group_id, user_id, role)
    values (${groups[0]!.id}, ${viewer}, 'Poster'), (${groups[1]!.id}, ${viewer}, 'Commentor')`);
  const authors = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where username like 'author%' order by username`),
  );
  const { titles, sentences } = textPools();
  const textArray = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const uuidArray = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}::uuid`),
      sql`, `,
    )}]`;
  const sentence = (multiplier: number) =>
    sql`(${textArray(sentences)})[1 + ((i::bigint * ${multiplier}) % ${sentences.length})]`;
  const rare = RARE.map((r) => sql`case when i % ${r.every} = 0 then ' ' || ${r.sentence} else '' end`);

  for (let from = 1; from <= POSTS; from += BATCH) {
    const to = Math.min(POSTS, from + BATCH - 1);
    // Deterministic "random" picks: index times a large prime, modulo the pool size.
    await db.execute(sql`
      insert into posts (user_id, group_id, tldr, content, created_at)
      select (${uuidArray(authors.map((a) => a.id))})[1 + i % ${AUTHORS}],
             case when i % 2 = 0 then null else (${uuidArray(groups.map((g) => g.id))})[1 + (i / 2) % 10] end,
             (${textArray(titles)})[1 + ((i::bigint * 7919) % ${titles.length})],
             ${sentence(104_729)} || ' ' || ${sentence(15_485_863)}
               || case when i % 3 = 0 then E'\n\n' || ${sentence(32_452_843)} else '' end
               || case when i % 4 = 0 then ' ' || ${sentence(49_979_687)} else '' end
               || ${sql.join(rare, sql` || `)},
             now() - make_interval(secs => i)
      from generate_series(${from}::int, ${to}::int) as i`);
    process.stdout.write(`\r  seeded ${to} / ${POSTS} posts`);
  }
  process.stdout.write('\n');
  await db.execute(sql`analyze`);
  return viewer;
}

/** The viewer of an earlier run's seed, when the database holds exactly that seed. */
async function seededViewer(bench: BenchHearth): Promise<string | null> {
  const [row] = rowsOf<{ id: string | null; posts: string }>(
    await bench.db.execute(
      sql`select (select id from users where username = 'viewer') as id, (select count(*) from posts) as posts`,
    ),
  );
  if (row?.id && Number(row.posts) === POSTS) return row.id;
  console.log(`  nothing to reuse here (viewer ${row?.id ?? 'none'}, ${row?.posts ?? 0} posts): seeding`);
  return null;
}

/** Runs `npm run cli -- reindex` against the bench's data folder when the CLI has that command. */
function reindexIfAvailable(dataDir: string): { ran: boolean; seconds: number; output: string } {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const cli = path.join(ROOT, 'scripts', 'cli.ts');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    LOG_LEVEL: 'warn',
    // The CLI runs as production, which wants a lasting key on a server; a throwaway one will do.
    ...(process.env.BENCH_DATABASE_URL && !process.env.TOTP_ENCRYPTION_KEY
      ? { TOTP_ENCRYPTION_KEY: 'bench-only-key-'.padEnd(40, '0') }
      : {}),
    ...(process.env.BENCH_DATABASE_URL && !process.env.MESSAGES_KEY
      ? { MESSAGES_KEY: 'bench-only-key-'.padEnd(40, '0') }
      : {}),
  };
  const help = spawnSync(tsx, [cli, 'help'], { env, encoding: 'utf8' });
  if (!/^\s*reindex\b/m.test(help.stdout))
    return { ran: false, seconds: 0, output: 'no reindex command in the CLI' };
  const started = performance.now();
  const run = spawnSync(tsx, [cli, 'reindex'], { env, encoding: 'utf8', timeout: INDEX_TIMEOUT_MS });
  const output = `${run.stdout}${run.stderr}`.trim();
  if (run.status !== 0) throw new Error(`npm run cli -- reindex failed (${run.status}):\n${output}`);
  return { ran: true, seconds: (performance.now() - started) / 1000, output };
}

export async function runSearchLatency() {
  console.log(
    `Search latency: ${POSTS} posts, ${ROUNDS} rounds of ${Object.values(SEARCH_LATENCY_QUERIES).flat().length} queries`,
  );
  if (REUSE_DIR) fs.mkdirSync(REUSE_DIR, { recursive: true });
  let bench = await startBenchHearth(REUSE_DIR ? { dataDir: REUSE_DIR } : {});
  const dataDir = bench.dataDir;
  try {
    // Jobs the seeding or the reindex enqueue (rather than doing the work inline) are waited for.
    const since = new Date(Date.now() - 1000);
    let viewerId = REUSE ? await seededViewer(bench) : null;
    let seedSeconds = 0;
    let reindex: ReturnType<typeof reindexIfAvailable> = { ran: false, seconds: 0, output: 'reused' };
    if (viewerId) {
      console.log(`  reusing the ${POSTS} posts seeded earlier`);
    } else {
      const seedStarted = performance.now();
      viewerId = await seed(bench);
      seedSeconds = (performance.now() - seedStarted) / 1000;
      console.log(`  seeding took ${seedSeconds.toFixed(1)} s`);

      await bench.stop({ keepData: true });
      reindex = reindexIfAvailable(dataDir);
      console.log(
        reindex.ran
          ? `  npm run cli -- reindex took ${reindex.seconds.toFixed(1)} s`
          : `  ${reindex.output}: searching what the database indexes by itself`,
      );
      bench = await startBenchHearth({ dataDir });
    }
    const jobs = await waitForJobs(bench.db, since, INDEX_TIMEOUT_MS);
    console.log(
      jobs.drained
        ? `  background jobs drained ${(jobs.ms / 1000).toFixed(1)} s after restart`
        : `  WARNING: jobs still pending after ${INDEX_TIMEOUT_MS / 1000} s: ${JSON.stringify(jobs.pending)}`,
    );
    const failed = await failedJobs(bench.db, since);
    const vectors = await vectorCoverage(bench.db);
    const status = await health(bench);
    console.log(
      `  search mode (/api/health): ${String(status.search)}; vector columns: ${
        vectors.length === 0 ? 'none' : vectors.map((v) => `${v.column} ${v.filled}/${v.rows}`).join(', ')
      }`,
    );

    const viewer = await signedInClient(bench, viewerId);
    const search = async (query: string) => {
      const response = await viewer.request('POST', '/api/search', { query });
      const posts = searchedPosts(response.body);
      if (response.status !== 200 || !posts) {
        throw new Error(`POST /api/search answered ${response.status} for "${query}"`);
      }
      return { ms: response.ms, returned: posts.length };
    };
    const all = Object.entries(SEARCH_LATENCY_QUERIES).flatMap(([kind, list]) =>
      list.map((query) => ({ kind, query })),
    );
    for (const { query } of all) await search(query); // warm up
    const samples: Array<{ kind: string; query: string; ms: number; returned: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const { kind, query } of all) samples.push({ kind, query, ...(await search(query)) });
    }

    const stats = (list: typeof samples) => ({
      samples: list.length,
      p50: percentile(
        list.map((s) => s.ms),
        50,
      ),
      p95: percentile(
        list.map((s) => s.ms),
        95,
      ),
      max: Math.max(...list.map((s) => s.ms)),
    });
    const byKind = Object.fromEntries(
      Object.keys(SEARCH_LATENCY_QUERIES).map((kind) => [
        kind,
        stats(samples.filter((s) => s.kind === kind)),
      ]),
    );
    const returned = Object.fromEntries(
      all.map(({ query }) => [query, samples.find((s) => s.query === query)!.returned]),
    );
    const overall = stats(samples);
    const result = {
      date: new Date().toISOString(),
      posts: POSTS,
      rounds: ROUNDS,
      database: bench.hearth.context.database.kind,
      health: status,
      seed_seconds: seedSeconds,
      reindex,
      jobs: { drained: jobs.drained, wait_seconds: jobs.ms / 1000, pending: jobs.pending, failed },
      vector_columns: vectors,
      overall,
      by_kind: byKind,
      results_returned: returned,
      goal_p95_at_most_50ms: overall.p95 <= 50,
      node: process.version,
    };
    for (const [label, s] of [['all', overall] as const, ...Object.entries(byKind)]) {
      console.log(
        `  ${label.padEnd(9)} p50 ${s.p50.toFixed(1).padStart(7)} ms   p95 ${s.p95.toFixed(1).padStart(7)} ms   max ${s.max.toFixed(1).padStart(7)} ms`,
      );
    }
    const empty = Object.entries(returned)
      .filter(([, count]) => count === 0)
      .map(([query]) => query);
    if (empty.length > 0)
      console.log(`  queries that returned nothing: ${empty.map((q) => `"${q}"`).join(', ')}`);
    console.log(`  goal p95 <= 50 ms: ${result.goal_p95_at_most_50ms ? 'MET' : 'NOT MET'}`);
    console.log(`  written to ${writeResult('search-latency', result)}`);
    return result;
  } finally {
    await bench.stop({ keepData: REUSE });
  }
}
