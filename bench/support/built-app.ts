// The built app (`node dist/server/main.js`, web and worker) on a fresh database for the browser and
// soak suites: a temporary DATA_DIR (PGlite) or BENCH_DATABASE_URL (PostgreSQL), one member with a
// session inserted before the start, and fetch helpers that speak to it as the web client does.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config/env';
import { heapFlags } from '../../server/heap';
import sharp from 'sharp';
import { SESSION_COOKIE } from '../../server/http/auth';
import { insertSession } from '../../server/features/sessions/sessions.repo';
import { hashToken, randomToken } from '../../server/lib/tokens';
import type { Db } from '../../server/db/client';
import { type SeededCommunity, indexCommunity, openBenchDatabase, seedCommunity } from '../seed';
import { insertMember } from './hearth';

export const ROOT = path.join(import.meta.dirname, '..', '..');

export interface BuiltApp {
  base: string;
  child: ChildProcess;
  dataDir: string;
  engine: 'pglite' | 'postgres';
  /** The member's session cookie value (name=value). */
  cookie: string;
  /** The bearer token of the app's /metrics. */
  metricsToken: string;
  sessionToken: string;
  userId: string;
  /** A JSON request as the web client sends it (XHR marker, same origin, cookie unless signedIn: false). */
  api<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
    options?: { signedIn?: boolean },
  ): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
  /** Stops the app and starts it again on the same database with `env` added (same port). */
  restart(env: Record<string, string>): Promise<void>;
}

/**
 * The production server from `dist/` on `port`, as the benchmarks run it: rate limits off, its
 * stderr shown, on PGlite in `dataDir` or on BENCH_DATABASE_URL. On PostgreSQL without a
 * TOTP_ENCRYPTION_KEY or MESSAGES_KEY of the operator's, `totpKey` is used (production requires both).
 */
export function spawnBuiltApp(options: {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  port: number;
  totpKey: string;
  env?: Record<string, string>;
}): ChildProcess {
  const { engine, port } = options;
  // BENCH_NODE_ARGS: flags for the app's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), which
  // NODE_OPTIONS does not accept.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_APP_LOG: the app's log (its stdout) appended to that file instead of dropped.
  const log = process.env.BENCH_APP_LOG ? fs.openSync(process.env.BENCH_APP_LOG, 'a') : 'ignore';
  const env = {
    ...process.env,
    DATABASE_URL: engine === 'postgres' ? process.env.BENCH_DATABASE_URL : '',
    DATA_DIR: options.dataDir,
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    RATE_LIMITS: 'off',
    INBOUND_SMTP_PORT: process.env.INBOUND_SMTP_PORT ?? 'off',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    LOG_FORMAT: 'json',
    ...(engine === 'postgres' && !process.env.TOTP_ENCRYPTION_KEY
      ? { TOTP_ENCRYPTION_KEY: options.totpKey }
      : {}),
    ...(engine === 'postgres' && !process.env.MESSAGES_KEY ? { MESSAGES_KEY: options.totpKey } : {}),
    ...options.env,
  };
  // With the heap flags its settings give, as a production start is relaunched with them (ADR 053):
  // the figures are Hearth's process alone, without the small launcher a bare start keeps.
  const flags = heapFlags(loadConfig(env).memory);
  const child = spawn(
    process.execPath,
    [...flags, ...nodeArgs, path.join(ROOT, 'dist', 'server', 'main.js')],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', log, 'inherit'],
    },
  );
  if (typeof log === 'number') fs.closeSync(log);
  return child;
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits until the app answers /api/health (or has exited, which throws). */
export async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`Hearth exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('Hearth did not answer /api/health in time');
}

/**
 * Migrates a new database, inserts `username` (or, with `seedPosts`, a bench:seed community whose
 * `member0` is the member, indexed for search in the app's DATA_DIR) with a day-long session, then
 * starts the built app on it. `env` is added to the app's environment (RATE_LIMITS,
 * LINK_FETCH_ALLOW_LOOPBACK …).
 */
export async function startBuiltApp(
  options: {
    username?: string;
    seedPosts?: number;
    env?: Record<string, string>;
    /** Runs on the seeded database before the app starts (the soak signs its members in here). */
    beforeStart?: (db: Db, seeded: SeededCommunity | null) => Promise<void>;
  } = {},
): Promise<BuiltApp> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server', 'main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  }
  const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-app-'));
  const sessionToken = randomToken();
  const { database, close } = await openBenchDatabase(
    engine === 'postgres' ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir },
  );
  let userId: string;
  try {
    let seeded: SeededCommunity | null = null;
    if (options.seedPosts) {
      seeded = await seedCommunity(database.db, { posts: options.seedPosts });
      userId = seeded.viewerId;
      // Indexed for search as a running deployment's community is: otherwise the app's worker
      // converts the word vectors and indexes every seeded post in its first seconds under load.
      await indexCommunity(database, () => {}, dataDir);
    } else {
      userId = await insertMember(database.db, options.username ?? 'benchmember');
    }
    await insertSession(database.db, {
      userId,
      tokenHash: hashToken(sessionToken),
      expiresAt: new Date(Date.now() + 24 * 3_600_000),
    });
    await options.beforeStart?.(database.db, seeded);
  } finally {
    await close();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const totpKey = process.env.TOTP_ENCRYPTION_KEY ?? randomToken();
  const metricsToken = options.env?.METRICS_TOKEN ?? randomToken();
  const spawnApp = (extra: Record<string, string> = {}) =>
    spawnBuiltApp({
      engine,
      dataDir,
      port,
      totpKey,
      env: { METRICS_TOKEN: metricsToken, ...options.env, ...extra },
    });
  const stopChild = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const app = { child: spawnApp() };
  const stop = async () => {
    await stopChild(app.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, app.child);
  } catch (error) {
    await stop();
    throw error;
  }
  const cookie = `${SESSION_COOKIE}=${sessionToken}`;
  return {
    base,
    get child() {
      return app.child;
    },
    dataDir,
    engine,
    cookie,
    metricsToken,
    sessionToken,
    userId,
    async api<T>(method: string, url: string, body?: unknown, { signedIn = true } = {}) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          origin: base,
          ...(signedIn ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: keep the text for the report.
      }
      return { status: response.status, body: parsed as T };
    },
    stop,
    async restart(env: Record<string, string>) {
      await stopChild(app.child);
      app.child = spawnApp(env);
      await waitForHealth(base, app.child);
    },
  };
}

/** A post by the member, published; returns its public path (/explore/post/{slug}). */
export async function publishedPost(app: BuiltApp): Promise<string> {
  const created = await app.api<{ id: string }>('POST', '/api/posts', {
    post: {
      tldr: 'Bread at the Saturday market',
      content:
        'The **Saturday market** had rye, spelt and a sourdough with walnuts.\n\n- rye\n- spelt\n\nSee you there.',
      group_id: null,
    },
  });
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`POST /api/posts answered ${created.status} ${JSON.stringify(created.body)}`);
  const published = await app.api<{ public_url: string }>('POST', '/api/public_posts', {
    public_post: { post_id: created.body.id, slug: `saturday-market-${Date.now()}` },
  });
  if (published.status !== 201)
    throw new Error(`POST /api/public_posts answered ${published.status} ${JSON.stringify(published.body)}`);
  return new URL(published.body.public_url, app.base).pathname;
}

/**
 * A post by the member holding `count` photos (ADR 048's grid), uploaded through the file requests
 * as the web app does; returns its page (/post/{id}). The photos weigh what a phone's photos weigh
 * once re-encoded (see `photoLikeJpeg`), not what a flat colour would.
 */
export async function photoGridPost(app: BuiltApp, count = 6): Promise<string> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const bytes = await photoLikeJpeg(n % 2 ? 1200 : 1600, n % 2 ? 1600 : 1200, n);
    const request = await app.api<{ id: string; url: string }>('POST', '/api/file_requests', {
      name: `photo-${n + 1}.jpg`,
      file_type: 'post_attachment',
    });
    if (request.status !== 201) throw new Error(`POST /api/file_requests answered ${request.status}`);
    const put = await fetch(new URL(request.body.url, app.base), {
      method: 'PUT',
      body: bytes as BodyInit,
      headers: { 'content-type': 'image/jpeg' },
    });
    if (put.status !== 200) throw new Error(`PUT of a photo answered ${put.status}`);
    const done = await app.api('PATCH', `/api/file_requests/${request.body.id}`, {
      status: 'uploaded',
      file_size: bytes.length,
      content_type: 'image/jpeg',
    });
    if (done.status !== 200) throw new Error(`PATCH /api/file_requests answered ${done.status}`);
    ids.push(request.body.id);
  }
  const created = await app.api<{ id: string }>('POST', '/api/posts', {
    post: { tldr: 'The hike, in photos', content: 'Up the ridge and back.', file_request_ids: ids },
  });
  if (created.status !== 201)
    throw new Error(`POST /api/posts answered ${created.status} ${JSON.stringify(created.body)}`);
  return `/post/${created.body.id}`;
}

/** Chromium's flags for every browser suite (Debian's /usr/bin/chromium, shared machine). */
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Waits until the app's worker has nothing to do: no job waiting, retrying or running in its queues
 * (its /metrics, read twice a second apart), or throws after `timeoutMs`. A suite that measures a
 * browser on this machine waits for it after creating its data: the worker reads every new photo
 * (text, objects) for several seconds each, and on the machine's few cores that work would be timed
 * as the page's, though a member's phone never shares the server's processor.
 */
export async function waitForIdleWorker(app: BuiltApp, timeoutMs = 300_000): Promise<void> {
  const started = Date.now();
  let quietReads = 0;
  while (quietReads < 2) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`Hearth's worker was still busy after ${timeoutMs / 1000} s`);
    const pending = [...(await scrapeMetrics(app.base, app.metricsToken)).matchAll(PENDING_JOBS)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    quietReads = pending === 0 ? quietReads + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The app's /metrics in the Prometheus text format, read with its bearer token. */
export async function scrapeMetrics(base: string, token: string): Promise<string> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return response.text();
}

/** `hearth_jobs` lines of jobs not yet finished: waiting (created, retry) or running (active). */
const PENDING_JOBS = /^hearth_jobs\{queue="[^"]+",state="(?:created|retry|active)"\} (\d+)$/gm;

/**
 * A JPEG with detail at every scale, as a photo has: soft fields of colour (coarse noise scaled up)
 * under a fine grain. At 1600 x 1200 it weighs about 330 KB, and its 480 px WebP about 20-28 KB, as a
 * phone's photo does once Hearth re-encodes it. (Sharp's noise alone is centred on black whatever
 * the background: such a photo's 480 px WebP weighed half a kilobyte.) `seed` varies the tone.
 */
export async function photoLikeJpeg(width: number, height: number, seed = 0): Promise<Buffer> {
  const fields = await sharp({
    create: {
      width: Math.ceil(width / 40),
      height: Math.ceil(height / 40),
      channels: 3,
      // Sharp's types ask for a background; with noise it is not used.
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 100 + (seed % 6) * 10, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 9 },
    },
  })
    .png()
    .toBuffer();
  return sharp(fields)
    .resize(width, height, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
