// The `http` suite: the built app (`node dist/server/main.js`, web and worker) on a community
// seeded by bench:seed, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL, loaded route by
// route by autocannon in a second process. Every route's run sits between two runs of
// /api/health (the floor), and its ratio is to the mean of those two, so a machine that slows
// down during the suite moves floor and route together.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/auth';
import { insertSession } from '../server/features/sessions/sessions.repo';
import { hashToken, randomToken } from '../server/lib/tokens';
import { type SeededCommunity, indexCommunity, openBenchDatabase, seedCommunity } from './seed';
import { freePort, spawnBuiltApp, waitForHealth } from './support/built-app';
import { mergeResult } from './support/hearth';

const ROOT = path.join(import.meta.dirname, '..');
const POSTS = Number(process.env.BENCH_HTTP_POSTS ?? 20_000);
const DURATION = Number(process.env.BENCH_HTTP_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 10);
const DEEP_PAGE = 100;

interface Load {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Route {
  name: string;
  /** Requests cycled by each connection; `{n}` becomes a counter. */
  requests: Array<{ method: string; path: string; body?: unknown; signedIn?: boolean }>;
  /** A ratio to the floor the issue asks for, per engine. */
  target?: { pglite: number; postgres: number };
  /** What else the issue asks of this route. */
  note?: string;
}

/** What the web client sends: the XHR marker, its own origin, the session cookie when signed in. */
function requestHeaders(
  base: string,
  cookie: string,
  signedIn: boolean,
  body: boolean,
): Record<string, string> {
  return {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: base,
    ...(signedIn ? { cookie } : {}),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

function runLoad(base: string, route: Route, cookie: string, duration = DURATION): Promise<Load> {
  const headers = (signedIn: boolean, body: boolean) => requestHeaders(base, cookie, signedIn, body);
  const job = {
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: route.requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: headers(r.signedIn !== false, r.body !== undefined),
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    })),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'support', 'load.mjs'), JSON.stringify(job)],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`autocannon exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as Load);
    });
  });
}

interface DeepComparison {
  /** Page 1's mean req/s over the deep page's, from runs taken in turn. */
  ratio: number;
  page1Rps: number[];
  deepRps: number[];
  method: string;
}

/** Runs of the comparison, in the order page 1, deep, deep, page 1, … (ABBA: a drift weighs on both alike). */
const INTERLEAVED_RUNS = Number(process.env.BENCH_HTTP_INTERLEAVED_RUNS ?? 4);

/**
 * "Page 100 within 1.2x of page 1", measured so that the machine's drift cancels: the two are run
 * in turn, ABBA, for half the usual time each, and compared by their mean req/s. Measured one after
 * the other, minutes apart, the same two pages read 0.91x and 1.67x on a shared machine.
 */
async function compareInterleaved(
  base: string,
  cookie: string,
  page1: Route,
  deep: Route,
): Promise<DeepComparison> {
  const duration = Math.max(2, Math.round(DURATION / 2));
  const page1Rps: number[] = [];
  const deepRps: number[] = [];
  for (let run = 0; run < INTERLEAVED_RUNS; run++) {
    const order = run % 4 === 0 || run % 4 === 3 ? [page1, deep] : [deep, page1];
    for (const route of order) {
      const { rps } = await runLoad(base, route, cookie, duration);
      (route === page1 ? page1Rps : deepRps).push(rps);
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ratio = mean(page1Rps) / mean(deepRps);
  console.log(
    `  page 1 vs ${deep.name}, interleaved: ${page1Rps.map((r) => r.toFixed(0)).join('/')} vs ${deepRps.map((r) => r.toFixed(0)).join('/')} req/s, ${ratio.toFixed(2)}x`,
  );
  return {
    ratio,
    page1Rps,
    deepRps,
    method: `interleaved ${INTERLEAVED_RUNS} x 2 runs of ${duration} s`,
  };
}

async function seedFor(engine: 'pglite' | 'postgres', dataDir: string) {
  const { database, close } = await openBenchDatabase(
    engine === 'postgres' ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir },
  );
  try {
    const reused =
      engine === 'postgres' && process.env.BENCH_HTTP_REUSE === '1' ? await seededBefore(database.db) : null;
    if (reused) console.log(`Reusing the community already in the database (${reused.rows.posts} posts)`);
    else console.log(`Seeding ${POSTS.toLocaleString('en')} posts on ${engine}…`);
    const seeded = reused ?? (await seedCommunity(database.db, { posts: POSTS, log: console.log }));
    const index = reused ? { seconds: 0 } : await indexCommunity(database, console.log, dataDir);
    const token = randomToken();
    await insertSession(database.db, {
      userId: seeded.viewerId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 24 * 3_600_000),
    });
    // A post of the viewer's to like and unlike: any post they see, not their own.
    const [likeable] = rowsOf<{ id: string }>(
      await database.db
        .execute(sql`select id from posts where group_id is null and user_id <> ${seeded.viewerId}
        order by created_at desc offset 5 limit 1`),
    );
    return { seeded, index, token, likeablePostId: likeable!.id };
  } finally {
    await close();
  }
}

/** The community an earlier `bench:seed` left in the database, or null when there is none. */
async function seededBefore(db: Db): Promise<SeededCommunity | null> {
  const [row] = rowsOf<{ viewer: string | null; grp: string | null; hot: string | null; posts: number }>(
    await db.execute(sql`select
      (select id from users where username = 'member0') as viewer,
      (select r.group_id from group_roles r join users u on u.id = r.user_id
        where u.username = 'member0' and r.role = 'Owner' limit 1) as grp,
      (select post_id from comments group by post_id order by count(*) desc limit 1) as hot,
      (select count(*)::int from posts) as posts`),
  );
  if (!row?.viewer || !row.grp || !row.hot) return null;
  return {
    viewerId: row.viewer,
    groupId: row.grp,
    hotPostId: row.hot,
    rows: { posts: row.posts },
    seconds: 0,
  };
}

async function deepCursor(base: string, cookie: string): Promise<{ page: number; cursor: string | null }> {
  let cursor: string | null = null;
  let page = 1;
  for (; page < DEEP_PAGE; page++) {
    const response: Response = await fetch(
      `${base}/api/posts${cursor ? `?after=${encodeURIComponent(cursor)}` : ''}`,
      {
        headers: { cookie, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      },
    );
    await response.arrayBuffer();
    const next: string | null = response.headers.get('x-next-cursor');
    if (!next) break;
    cursor = next;
  }
  return { page, cursor };
}

async function runEngine(engine: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-http-'));
  const seeding = await seedFor(engine, dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnBuiltApp({ engine, dataDir, port, totpKey: randomToken() });
  try {
    await waitForHealth(base, child);
    const cookie = `${SESSION_COOKIE}=${seeding.token}`;
    const deep = await deepCursor(base, cookie);
    const { seeded } = seeding;
    const routes: Route[] = [
      {
        name: 'GET /api/auth',
        requests: [{ method: 'GET', path: '/api/auth' }],
        target: { pglite: 0.5, postgres: 0.5 },
      },
      {
        name: 'timeline page 1',
        requests: [{ method: 'GET', path: '/api/posts' }],
        target: { pglite: 0.1, postgres: 0.25 },
      },
      {
        name: `timeline page ${deep.page}`,
        requests: [
          {
            method: 'GET',
            path: `/api/posts${deep.cursor ? `?after=${encodeURIComponent(deep.cursor)}` : ''}`,
          },
        ],
        note: 'within 1.2x of page 1',
      },
      {
        name: 'like + unlike',
        requests: [
          { method: 'POST', path: `/api/posts/${seeding.likeablePostId}/likes` },
          { method: 'DELETE', path: `/api/posts/${seeding.likeablePostId}/likes` },
        ],
      },
      {
        name: 'create post',
        requests: [
          {
            method: 'POST',
            path: '/api/posts',
            body: {
              post: { tldr: 'Bench post {n}', content: 'Written by the bench, **{n}**.', group_id: null },
            },
          },
        ],
      },
      {
        name: 'group timeline',
        requests: [{ method: 'GET', path: `/api/posts?group_id=${seeded.groupId}` }],
      },
      {
        name: 'post + 200 comments',
        requests: [
          { method: 'GET', path: `/api/posts/${seeded.hotPostId}` },
          { method: 'GET', path: `/api/posts/${seeded.hotPostId}/comments` },
        ],
      },
      {
        name: 'public feed',
        requests: [{ method: 'GET', path: '/api/published_posts?limit=1', signedIn: false }],
        target: { pglite: 0.5, postgres: 0.5 },
      },
      {
        name: 'search',
        requests: [{ method: 'POST', path: '/api/search', body: { query: 'garden market bread' } }],
        note: 'p95 <= 50 ms at 100,000 posts (search-latency suite)',
      },
      { name: 'inbox', requests: [{ method: 'GET', path: '/api/notifications' }] },
      {
        name: 'link submission',
        requests: [
          {
            method: 'POST',
            path: '/api/links',
            body: { url: 'https://bench.invalid/read/{n}', comment: null, visibility: 'private' },
          },
        ],
      },
    ];
    const floorRoute: Route = {
      name: '/api/health',
      requests: [{ method: 'GET', path: '/api/health', signedIn: false }],
    };
    const only = (process.env.BENCH_HTTP_ROUTES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (only.length > 0)
      routes.splice(0, routes.length, ...routes.filter((r) => only.some((name) => r.name.startsWith(name))));
    // Warm-up and check: every request once as the load sends it; one that fails is reported.
    for (const route of routes) {
      for (const r of route.requests) {
        const response = await fetch(`${base}${r.path.replaceAll('{n}', 'check')}`, {
          method: r.method,
          headers: requestHeaders(base, cookie, r.signedIn !== false, r.body !== undefined),
          body: r.body === undefined ? undefined : JSON.stringify(r.body).replaceAll('{n}', 'check'),
        });
        const text = await response.text();
        if (response.status >= 300)
          console.warn(
            `  ${route.name}: ${r.method} ${r.path} answered ${response.status} ${text.slice(0, 200)}`,
          );
      }
    }
    await runLoad(base, { ...floorRoute, name: 'warm-up' }, cookie);

    const floors: Load[] = [await runLoad(base, floorRoute, cookie)];
    const measured: Array<Route & { load: Load; floor: number }> = [];
    for (const route of routes) {
      const load = await runLoad(base, route, cookie);
      floors.push(await runLoad(base, floorRoute, cookie));
      const floor = (floors.at(-2)!.rps + floors.at(-1)!.rps) / 2;
      measured.push({ ...route, load, floor });
      console.log(`  ${route.name}: ${load.rps.toFixed(0)} req/s (floor ${floor.toFixed(0)})`);
    }
    const floorRps = floors.reduce((sum, f) => sum + f.rps, 0) / floors.length;
    const rows = [
      {
        name: '/api/health (floor)',
        load: { ...floors[0]!, rps: floorRps },
        ratio: 1,
        target: null as number | null,
        note: `mean of ${floors.length} runs (p50/p99 of the first)`,
      },
      ...measured.map((m) => ({
        name: m.name,
        load: m.load,
        ratio: m.load.rps / m.floor,
        target: m.target ? m.target[engine] : null,
        note: m.note ?? '',
      })),
    ];
    const page1 = rows.find((r) => r.name === 'timeline page 1');
    const deepRow = rows.find((r) => r.name.startsWith('timeline page') && r !== page1);
    let deepComparison: DeepComparison | null = null;
    if (page1 && deepRow) {
      const routeNamed = (name: string) => routes.find((route) => route.name === name)!;
      deepComparison = await compareInterleaved(
        base,
        cookie,
        routeNamed(page1.name),
        routeNamed(deepRow.name),
      );
      deepRow.note = `${deepRow.note}: page 1 req/s / this req/s = ${deepComparison.ratio.toFixed(2)}x, ${deepComparison.method}`;
    }
    return {
      engine,
      posts: seeding.seeded.rows.posts ?? POSTS,
      seed: { rows: seeded.rows, seconds: seeded.seconds, indexSeconds: seeding.index.seconds },
      deepPage: deep.page,
      deepComparison,
      floorRps,
      routes: rows,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(result: Awaited<ReturnType<typeof runEngine>>) {
  console.log(
    `\n${result.engine}, ${result.posts.toLocaleString('en')} posts, ${CONNECTIONS} connections, ${DURATION} s per run`,
  );
  const lines = [
    ['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'ratio', 'target', ''],
    ...result.routes.map((r) => [
      r.name,
      r.load.rps.toFixed(0),
      String(r.load.p50),
      String(r.load.p99),
      String(r.load.non2xx + r.load.errors),
      r.ratio.toFixed(3),
      r.target === null ? '-' : `>= ${r.target}`,
      `${r.target === null ? '' : r.ratio >= r.target ? 'met' : 'missed'} ${r.note}`.trim(),
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines)
    console.log(
      line
        .map((cell, i) => (i === 0 || i === 7 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
}

export async function runHttp() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server', 'main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  }
  const wanted = (process.env.BENCH_HTTP_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
  const engines = (['pglite', 'postgres'] as const).filter(
    (engine) => wanted.includes(engine) && (engine === 'pglite' || process.env.BENCH_DATABASE_URL),
  );
  const results = [];
  for (const engine of engines) {
    const result = await runEngine(engine);
    printTable(result);
    results.push(result);
  }
  const file = mergeResult(process.env.BENCH_HTTP_RESULT ?? 'latest', 'http', {
    date: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    duration: DURATION,
    loadAverage: os.loadavg(),
    results,
  });
  console.log(`\nWrote ${path.relative(ROOT, file)}`);
}
