// What every bench suite needs: a Hearth on a fresh embedded database, members with sessions
// inserted directly, an HTTP client speaking to the app as a browser would, and a way to wait
// until the background jobs a load caused have finished.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config/env';
import { type Db, openDatabase, rowsOf } from '../../server/db/client';
import { SESSION_COOKIE } from '../../server/http/auth';
import { insertSession } from '../../server/features/sessions/sessions.repo';
import { hashToken, randomToken } from '../../server/lib/tokens';
import { type Hearth, startHearth } from '../../server/runtime';

export interface BenchHearth {
  hearth: Hearth;
  db: Db;
  base: string;
  dataDir: string;
  /** Stops Hearth; `keepData` leaves the data folder for a restart on the same database. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts Hearth with both services (web and worker) on a new temporary DATA_DIR, or on `dataDir`
 * when restarting; `config` overrides settings after they are read. Provider settings from the environment (EMBEDDINGS_*, LLM_*…) pass through;
 * BENCH_DATABASE_URL runs it on a PostgreSQL server instead (it must be an empty, throwaway
 * database: the bench fills it).
 */
export async function startBenchHearth(
  options: { env?: Record<string, string>; config?: Record<string, unknown>; dataDir?: string } = {},
): Promise<BenchHearth> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-'));
  const config = {
    ...loadConfig({
      ...process.env,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      RATE_LIMITS: 'off',
      INBOUND_SMTP_PORT: 'off',
      // A throwaway database needs no lasting key; production on a server requires one to be set.
      ...(process.env.BENCH_DATABASE_URL && !process.env.TOTP_ENCRYPTION_KEY
        ? { TOTP_ENCRYPTION_KEY: randomToken() }
        : {}),
      ...(process.env.BENCH_DATABASE_URL && !process.env.MESSAGES_KEY ? { MESSAGES_KEY: randomToken() } : {}),
      ...options.env,
    }),
    rateLimits: false,
    ...options.config,
  };
  const hearth = await startHearth(config);
  const address = hearth.app!.server.address();
  if (!address || typeof address === 'string') throw new Error('Hearth is not listening');
  return {
    hearth,
    db: hearth.context.db,
    base: `http://127.0.0.1:${address.port}`,
    dataDir,
    async stop({ keepData = false } = {}) {
      await hearth.stop();
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A confirmed member, inserted directly (sign-up needs an invitation and a mail round trip). */
export async function insertMember(db: Db, username: string): Promise<string> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`insert into users (username, email, password_hash, confirmed_at)
      values (${username}, ${`${username}@bench.test`}, 'not-a-hash', now()) returning id`),
  );
  return rows[0]!.id;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  ms: number;
}

export interface ApiClient {
  request<T = unknown>(method: string, url: string, body?: unknown): Promise<ApiResponse<T>>;
}

/** A session for the member and a client that sends its cookie and the XHR marker header. */
export async function signedInClient(bench: BenchHearth, userId: string): Promise<ApiClient> {
  const token = randomToken();
  await insertSession(bench.db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 24 * 3_600_000),
  });
  return {
    async request<T>(method: string, url: string, body?: unknown) {
      const started = performance.now();
      const response = await fetch(`${bench.base}${url}`, {
        method,
        headers: {
          cookie: `${SESSION_COOKIE}=${token}`,
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: keep the text (an HTML error page, say) for the report.
      }
      return { status: response.status, body: parsed as T, ms };
    },
  };
}

/** Background jobs created since `since` that have not finished yet, by queue. */
export async function pendingJobs(db: Db, since: Date): Promise<Record<string, number>> {
  const rows = rowsOf<{ name: string; count: number }>(
    await db.execute(sql`select name, count(*)::int as count from pgboss.job
      where state in ('created', 'retry', 'active') and created_on >= ${since.toISOString()}::timestamptz
      group by name`),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

/**
 * Waits until every job created since `since` has finished (completed, failed or cancelled).
 * Returns how long that took, or the jobs still pending when `timeoutMs` ran out.
 */
export async function waitForJobs(
  db: Db,
  since: Date,
  timeoutMs: number,
): Promise<{ drained: boolean; ms: number; pending: Record<string, number> }> {
  const started = performance.now();
  for (;;) {
    const pending = await pendingJobs(db, since);
    const ms = performance.now() - started;
    if (Object.keys(pending).length === 0) return { drained: true, ms, pending };
    if (ms > timeoutMs) return { drained: false, ms, pending };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Jobs created since `since` that ended failed, by queue (an indexing job that keeps failing, say). */
export async function failedJobs(db: Db, since: Date): Promise<Record<string, number>> {
  const rows = rowsOf<{ name: string; count: number }>(
    await db.execute(sql`select name, count(*)::int as count from pgboss.job
      where state = 'failed' and created_on >= ${since.toISOString()}::timestamptz group by name`),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

/**
 * Every pgvector column in the public schema and how many of its rows hold a vector: tells the
 * report whether search by meaning had anything to search (found by type, not by name, so the
 * bench does not depend on how the search feature lays out its tables).
 */
export async function vectorCoverage(
  db: Db,
): Promise<Array<{ column: string; filled: number; rows: number }>> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and udt_name = 'vector' order by table_name, column_name`),
  );
  const coverage = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = rowsOf<{ filled: number; rows: number }>(
      await db.execute(
        sql`select count(${sql.identifier(column)})::int as filled, count(*)::int as rows from ${sql.identifier(table)}`,
      ),
    );
    coverage.push({ column: `${table}.${column}`, filled: row!.filled, rows: row!.rows });
  }
  return coverage;
}

/** What /api/health says about the search mode (and the rest of it, for the record). */
export async function health(bench: BenchHearth): Promise<Record<string, unknown>> {
  const response = await fetch(`${bench.base}/api/health`);
  return (await response.json()) as Record<string, unknown>;
}

export function writeResult(name: string, result: unknown): string {
  const dir = path.join(import.meta.dirname, '..', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/**
 * The posts of a `POST /api/search` answer: the spec's array of posts, or, should other kinds of
 * result come alongside in one object, its `posts` list. Null when the answer has neither.
 */
export function searchedPosts(body: unknown): Array<{ id: string }> | null {
  if (Array.isArray(body)) return body as Array<{ id: string }>;
  const posts = (body as { posts?: unknown } | null)?.posts;
  return Array.isArray(posts) ? (posts as Array<{ id: string }>) : null;
}

/**
 * Puts one suite's figures under `key` in `bench/results/<name>.json`, keeping whatever other suites
 * wrote there (the file is read again just before writing).
 */
export function mergeResult(name: string, key: string, result: unknown): string {
  const file = path.join(import.meta.dirname, '..', 'results', `${name}.json`);
  let existing: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      existing = parsed as Record<string, unknown>;
  } catch {
    // No file yet, or not JSON: start afresh.
  }
  return writeResult(name, { ...existing, [key]: result });
}

/**
 * The seeded search database a search-latency run left (BENCH_DATABASE_URL, or
 * BENCH_SEARCH_DATA_DIR on PGlite), opened in this process with a pool of `max` connections. The
 * code under test may bring a migration (an index changed): it is applied as Hearth would on start.
 */
export async function openSeededSearchDatabase(max: number) {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_SEARCH_DATA_DIR;
  if (!url && !dataDir) throw new Error('Set BENCH_SEARCH_DATA_DIR or BENCH_DATABASE_URL');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url ?? '',
    DATA_DIR: dataDir ?? '.',
    NODE_ENV: 'development',
  });
  const database = await openDatabase(
    url ? { kind: 'postgres', url, max } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  await database.migrate();
  return { config, database };
}
