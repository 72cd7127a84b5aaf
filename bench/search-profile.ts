// Where a search's time goes: runs the search-latency queries against a database that suite seeded
// and kept (BENCH_SEARCH_DATA_DIR for PGlite, or BENCH_DATABASE_URL), timing every statement a
// request sends (in the order it sends them), then replays each with EXPLAIN (ANALYZE, BUFFERS) to
// split it into planning and execution. Not a suite of `npm run bench`: it needs a seeded database.
//
//   BENCH_SEARCH_DATA_DIR=/tmp/x BENCH_SEARCH_REUSE=1 npm run bench -- search-latency   # seed once
//   BENCH_SEARCH_DATA_DIR=/tmp/x npx tsx bench/search-profile.ts
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { resolveMentions } from '../server/features/mentions/mentions.service';
import { NO_COUNTS, presentPosts } from '../server/features/posts/posts.presenter';
import { searchPosts } from '../server/features/search/search.service';
import { percentile } from './search-relevance/metrics';
import { openSeededSearchDatabase } from './support/hearth';
import { SEARCH_LATENCY_QUERIES } from './search-latency';

const ROUNDS = Number(process.env.BENCH_PROFILE_ROUNDS ?? 5);

interface Statement {
  text: string;
  params: unknown[];
  ms: number;
}

let recording: Statement[] | null = null;

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/** Wraps a driver's `query` so every statement's text, parameters and time are recorded. */
function record(client: Queryable) {
  const original = client.query.bind(client);
  client.query = async (...args: unknown[]) => {
    const started = performance.now();
    const result = await original(...args);
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first.text;
    const params = (typeof first === 'string' ? args[1] : (first.values ?? args[1])) as unknown[] | undefined;
    recording?.push({ text, params: params ?? [], ms: performance.now() - started });
    return result;
  };
}

function label(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/^set local/i.test(t)) return t.slice(0, 40);
  if (/search_corpora/.test(t) && t.length < 120) return 'corpus stats';
  if (/unnest\(to_tsvector/.test(t)) return 'query terms';
  if (/jsonb_to_recordset.*limit/.test(t) && /count\(\*\)/.test(t)) return 'live term counts';
  if (/with terms as/.test(t)) return 'keyword candidates + BM25';
  if (/<=>/.test(t)) return 'vector neighbours';
  if (/create index if not exists/.test(t)) return 'ensure vector index';
  if (/from "posts" inner join "users"/.test(t)) return 'page join (listPostsByIds)';
  if (/username/.test(t)) return 'mentions';
  return t.slice(0, 50);
}

async function main() {
  const { config, database } = await openSeededSearchDatabase(2);
  const client = (database.db as unknown as { $client: Queryable & Record<string, unknown> }).$client;
  record(client);
  if (database.kind === 'pglite') {
    const transaction = (client.transaction as (cb: (tx: Queryable) => unknown) => unknown).bind(client);
    client.transaction = (callback: (tx: Queryable) => unknown) =>
      transaction((tx) => {
        record(tx);
        return callback(tx);
      });
  } else {
    // Transactions take a connection of their own; the pool's own query() passes a callback.
    const connect = (
      client.connect as (...args: unknown[]) => Promise<Queryable & { __recorded?: boolean }>
    ).bind(client);
    client.connect = async (...args: unknown[]) => {
      if (args.length > 0) return connect(...args);
      const connection = await connect();
      if (!connection.__recorded) {
        record(connection);
        connection.__recorded = true;
      }
      return connection;
    };
  }
  const [viewer] = rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from users where username = 'viewer'`),
  );
  if (!viewer)
    throw new Error('No seeded viewer: run the search-latency suite with BENCH_SEARCH_REUSE first');
  const deps = { db: database.db, config, database, logger: console as never };
  const search = async (query: string) => {
    const rows = await searchPosts(deps as never, viewer.id, query);
    const mentions = await resolveMentions(
      database.db,
      viewer.id,
      rows.map((row) => row.content),
    );
    return presentPosts(
      rows.map((row) => ({ ...row, ...NO_COUNTS })),
      viewer.id,
      config.publicOrigin,
      mentions,
    );
  };

  const queries = Object.values(SEARCH_LATENCY_QUERIES).flat();
  for (const query of queries) {
    const started = performance.now();
    await search(query); // warm up
    console.log(`  warm-up "${query}" ${(performance.now() - started).toFixed(0)} ms`);
  }
  const totals: number[] = [];
  const byStep = new Map<string, number[]>();
  const examples = new Map<string, Statement>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      recording = [];
      const started = performance.now();
      await search(query);
      totals.push(performance.now() - started);
      const statements = recording;
      recording = null;
      const seen = new Map<string, number>();
      for (const statement of statements) {
        const name = label(statement.text);
        seen.set(name, (seen.get(name) ?? 0) + statement.ms);
        if (!examples.has(`${query}\u0000${name}`)) examples.set(`${query}\u0000${name}`, statement);
      }
      for (const [name, ms] of seen) byStep.set(name, [...(byStep.get(name) ?? []), ms]);
      byStep.set('(statements per search)', [
        ...(byStep.get('(statements per search)') ?? []),
        statements.length,
      ]);
    }
  }
  console.log(`${database.kind}, ${queries.length} queries x ${ROUNDS}`);
  const line = (name: string, list: number[]) =>
    console.log(
      `  ${name.padEnd(34)} p50 ${percentile(list, 50).toFixed(1).padStart(7)}   p95 ${percentile(list, 95)
        .toFixed(1)
        .padStart(7)}   n ${list.length}`,
    );
  line('whole search (in process)', totals);
  for (const [name, list] of byStep) line(name, list);

  // Planning against execution, from EXPLAIN ANALYZE of one example per query and step.
  const plans = new Map<string, { planning: number[]; execution: number[] }>();
  for (const [key, statement] of examples) {
    const name = key.split('\u0000')[1]!;
    if (/^set local|^ensure/.test(name) || !/^\s*(with|select)/i.test(statement.text)) continue;
    const result = await (client.query as (t: string, p: unknown[]) => Promise<unknown>)(
      `explain (analyze, buffers, format json) ${statement.text}`,
      statement.params,
    );
    const [row] = rowsOf<Record<string, unknown>>(result);
    const plan = (Object.values(row!)[0] as Array<Record<string, number>>)[0]!;
    const entry = plans.get(name) ?? { planning: [], execution: [] };
    entry.planning.push(plan['Planning Time']!);
    entry.execution.push(plan['Execution Time']!);
    plans.set(name, entry);
  }
  console.log('  EXPLAIN ANALYZE, one per query (ms):');
  for (const [name, { planning, execution }] of plans) {
    console.log(
      `  ${name.padEnd(34)} planning p50 ${percentile(planning, 50).toFixed(1).padStart(6)} max ${Math.max(
        ...planning,
      )
        .toFixed(1)
        .padStart(6)}   execution p50 ${percentile(execution, 50).toFixed(1).padStart(6)} max ${Math.max(
        ...execution,
      )
        .toFixed(1)
        .padStart(6)}`,
    );
  }
  if (process.env.BENCH_PROFILE_SHOW) {
    for (const [key, statement] of examples) {
      if (!key.startsWith(process.env.BENCH_PROFILE_SHOW)) continue;
      const result = await (client.query as (t: string, p: unknown[]) => Promise<unknown>)(
        `explain (analyze, buffers) ${statement.text}`,
        statement.params,
      );
      console.log(`\n-- ${key.replace('\u0000', ' / ')}`);
      for (const row of rowsOf<Record<string, string>>(result)) console.log(Object.values(row)[0]);
    }
  }
  await database.close();
}

await main();
