// Search quality: nDCG@10 of `POST /api/search` on the committed relevance set, against an Okapi
// BM25 computed here over the same posts and queries, in the same run. Posts go in through the
// public API (`POST /api/posts`), so whatever indexing the app does on a new post happens; the
// bench then waits for the background jobs that load caused before it asks anything.
import { createBm25 } from './search-relevance/bm25';
import {
  type BenchQuery,
  committedSetMatchesGenerator,
  paraphraseOverlaps,
  type QueryType,
  readRelevanceSet,
} from './search-relevance/generate';
import { hitAt, mean, ndcgAt, percentile } from './search-relevance/metrics';
import {
  type ApiClient,
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

const K = 10;
const INDEX_TIMEOUT_MS = Number(process.env.BENCH_INDEX_TIMEOUT_MS ?? 300_000);
const LOAD_CONCURRENCY = 4;

interface QueryOutcome {
  id: string;
  type: QueryType;
  text: string;
  app: { ndcg: number; hit: boolean; returned: number; top: string[]; ms: number };
  bm25: { ndcg: number; hit: boolean; returned: number; top: string[] };
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

function summarise(outcomes: QueryOutcome[]) {
  const app = mean(outcomes.map((o) => o.app.ndcg));
  const bm25 = mean(outcomes.map((o) => o.bm25.ndcg));
  return {
    queries: outcomes.length,
    app_ndcg10: app,
    bm25_ndcg10: bm25,
    ratio: bm25 === 0 ? null : app / bm25,
    app_hit_at_10: mean(outcomes.map((o) => (o.app.hit ? 1 : 0))),
    bm25_hit_at_10: mean(outcomes.map((o) => (o.bm25.hit ? 1 : 0))),
    app_empty_share: mean(outcomes.map((o) => (o.app.returned === 0 ? 1 : 0))),
    bm25_empty_share: mean(outcomes.map((o) => (o.bm25.returned === 0 ? 1 : 0))),
  };
}

export async function runSearchQuality() {
  const set = readRelevanceSet();
  const overlaps = paraphraseOverlaps(set);
  const matchesGenerator = committedSetMatchesGenerator();
  const typeCounts = { question: 0, keyword: 0, paraphrase: 0 };
  for (const query of set.queries) typeCounts[query.type]++;
  console.log(
    `Search quality: ${set.posts.length} posts, ${set.queries.length} queries ` +
      `(${typeCounts.question} questions, ${typeCounts.keyword} keyword, ${typeCounts.paraphrase} paraphrases)`,
  );
  console.log(
    `  paraphrases sharing a content word with a relevant post: ${overlaps.length}` +
      `${overlaps.length ? ` (${overlaps.map((o) => o.query).join('; ')})` : ''}`,
  );
  console.log(`  committed set matches its generator: ${matchesGenerator ? 'yes' : 'NO'}`);

  const bench = await startBenchHearth();
  try {
    const author = await signedInClient(bench, await insertMember(bench.db, 'author'));
    const viewer = await signedInClient(bench, await insertMember(bench.db, 'viewer'));
    const since = new Date(Date.now() - 1000);

    const loadStarted = performance.now();
    const benchIdOf = new Map<string, string>();
    await inParallel(set.posts, LOAD_CONCURRENCY, async (post) => {
      const response = await author.request<{ id: string }>('POST', '/api/posts', {
        post: { tldr: post.title, content: post.content },
      });
      if (response.status !== 201) {
        throw new Error(
          `POST /api/posts answered ${response.status} for ${post.id}: ${JSON.stringify(response.body)}`,
        );
      }
      benchIdOf.set(response.body.id, post.id);
    });
    const loadMs = performance.now() - loadStarted;
    console.log(`  loaded ${set.posts.length} posts over HTTP in ${(loadMs / 1000).toFixed(1)} s`);

    const jobs = await waitForJobs(bench.db, since, INDEX_TIMEOUT_MS);
    if (!jobs.drained) {
      console.log(
        `  WARNING: background jobs still pending after ${INDEX_TIMEOUT_MS / 1000} s: ${JSON.stringify(jobs.pending)}; measuring anyway`,
      );
    } else {
      console.log(`  background jobs drained ${(jobs.ms / 1000).toFixed(1)} s after loading`);
    }
    const failed = await failedJobs(bench.db, since);
    if (Object.keys(failed).length > 0) console.log(`  WARNING: failed jobs: ${JSON.stringify(failed)}`);
    const vectors = await vectorCoverage(bench.db);
    const status = await health(bench);
    console.log(
      `  search mode (/api/health): ${String(status.search)}; vector columns: ${
        vectors.length === 0 ? 'none' : vectors.map((v) => `${v.column} ${v.filled}/${v.rows}`).join(', ')
      }`,
    );

    const bm25 = createBm25(
      set.posts.map((post) => ({ id: post.id, text: `${post.title}\n${post.content}` })),
    );
    const outcomes: QueryOutcome[] = [];
    const searchStarted = performance.now();
    for (const query of set.queries)
      outcomes.push(await measure(query, viewer, benchIdOf, bm25, set.qrels[query.id]!));
    const searchMs = performance.now() - searchStarted;

    const byType = Object.fromEntries(
      (['question', 'keyword', 'paraphrase'] as const).map((type) => [
        type,
        summarise(outcomes.filter((o) => o.type === type)),
      ]),
    );
    const overall = summarise(outcomes);
    const latencies = outcomes.map((o) => o.app.ms);
    const result = {
      date: new Date().toISOString(),
      posts: set.posts.length,
      queries: set.queries.length,
      k: K,
      database: bench.hearth.context.database.kind,
      health: status,
      set_matches_generator: matchesGenerator,
      paraphrase_overlaps: overlaps,
      load_seconds: loadMs / 1000,
      jobs: { drained: jobs.drained, wait_seconds: jobs.ms / 1000, pending: jobs.pending, failed },
      vector_columns: vectors,
      overall,
      by_type: byType,
      app_search_ms: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
      search_seconds: searchMs / 1000,
      goals: {
        ratio_at_least_1: overall.ratio !== null && overall.ratio >= 1,
        no_empty_results: overall.app_empty_share === 0,
        // Stricter: "never worse than keywords" on the queries BM25 can answer at all.
        questions_ratio_at_least_1: (byType.question!.ratio ?? 0) >= 1,
        keywords_ratio_at_least_1: (byType.keyword!.ratio ?? 0) >= 1,
      },
      per_query: outcomes,
      node: process.version,
    };
    printTable(overall, byType);
    console.log(
      `  goals: ratio >= 1.0x ${result.goals.ratio_at_least_1 ? 'MET' : 'NOT MET'}; ` +
        `no empty results ${result.goals.no_empty_results ? 'MET' : 'NOT MET'}; ` +
        `questions alone >= 1.0x ${result.goals.questions_ratio_at_least_1 ? 'MET' : 'NOT MET'}; ` +
        `keywords alone >= 1.0x ${result.goals.keywords_ratio_at_least_1 ? 'MET' : 'NOT MET'}`,
    );
    console.log(`  written to ${writeResult('search-quality', result)}`);
    return result;
  } finally {
    await bench.stop();
  }
}

async function measure(
  query: BenchQuery,
  viewer: ApiClient,
  benchIdOf: Map<string, string>,
  bm25: ReturnType<typeof createBm25>,
  judgements: Record<string, number>,
): Promise<QueryOutcome> {
  const response = await viewer.request('POST', '/api/search', { query: query.text });
  const posts = searchedPosts(response.body);
  if (response.status !== 200 || !posts) {
    throw new Error(
      `POST /api/search answered ${response.status} for "${query.text}": ${JSON.stringify(response.body)}`,
    );
  }
  const appRanked = posts.map((post) => benchIdOf.get(post.id) ?? `unknown:${post.id}`);
  const bm25Ranked = bm25.search(query.text, K);
  return {
    id: query.id,
    type: query.type,
    text: query.text,
    app: {
      ndcg: ndcgAt(K, appRanked, judgements),
      hit: hitAt(K, appRanked, judgements),
      returned: appRanked.length,
      top: appRanked.slice(0, K),
      ms: response.ms,
    },
    bm25: {
      ndcg: ndcgAt(K, bm25Ranked, judgements),
      hit: hitAt(K, bm25Ranked, judgements),
      returned: bm25Ranked.length,
      top: bm25Ranked,
    },
  };
}

function printTable(
  overall: ReturnType<typeof summarise>,
  byType: Record<string, ReturnType<typeof summarise>>,
) {
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  const rows = [
    [
      '',
      'queries',
      'app nDCG@10',
      'BM25 nDCG@10',
      'ratio',
      'app empty',
      'BM25 empty',
      'app hit@10',
      'BM25 hit@10',
    ],
    ...[
      ['all', overall] as const,
      ...Object.entries(byType).map(([type, s]) => [`${type}s`, s] as const),
    ].map(([label, s]) => [
      label,
      String(s.queries),
      s.app_ndcg10.toFixed(3),
      s.bm25_ndcg10.toFixed(3),
      s.ratio === null ? '-' : `${s.ratio.toFixed(2)}x`,
      pct(s.app_empty_share),
      pct(s.bm25_empty_share),
      pct(s.app_hit_at_10),
      pct(s.bm25_hit_at_10),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) {
    console.log(
      `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`,
    );
  }
}
