// The `mix` suite, the headline of `npm run bench`: what a community lives through (issue 26). The
// built app on a seeded community, 30 signed-in members (real members of groups, one connection
// and one session each) reading and writing at once with no pause, in the audited mix of classes
// (bench/support/mix-plan.ts) with writes at 0, 2, 16 and 20 %; each run sits between runs of
// /api/health (the floor) and is read as a ratio to their mean. Then the two "alone" figures (a post
// with 200 comments, a search for a word in a fifth of all posts) and an open-loop run at a fixed
// arrival rate for per-class p99. PGlite always; PostgreSQL with BENCH_DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { randomToken } from '../server/lib/tokens';
import { indexCommunity, openBenchDatabase, seedCommunity } from './seed';
import { freePort, scrapeMetrics, spawnBuiltApp, waitForHealth } from './support/built-app';
import { type GeneratorResult, asSent, runGenerator, sampleCpu, sampleRss } from './support/generator';
import { mergeResult } from './support/hearth';
import {
  GROUPS_MIX,
  type MixRequest,
  AUDITED_MIX,
  mixWithWrites,
  planMix,
  ratioToFloor,
} from './support/mix-plan';
import { type MixEngineResult, type MixRun, printTable } from './support/mix-report';
import {
  appointModerators,
  findMixTargets,
  mixClients,
  type Member,
  signInMembers,
} from './support/mix-targets';

const ROOT = path.join(import.meta.dirname, '..');
const POSTS = Number(process.env.BENCH_MIX_POSTS ?? 20_000);
const DURATION = Number(process.env.BENCH_MIX_DURATION ?? 30);
const MEMBERS = Number(process.env.BENCH_MIX_MEMBERS ?? 30);
const RATE = Number(process.env.BENCH_MIX_RATE ?? 100);
const WRITE_SHARES = (process.env.BENCH_MIX_WRITES ?? '0,2,16,20').split(',').map(Number);
/** Issue 28: one post in ten carries 2 to 8 photos, which timeline pages then show (`0`: none). */
const PHOTOS = process.env.BENCH_MIX_PHOTOS !== '0';
/** Entries in one connection's cycle: enough that 2 % of writes still split 4:2:1:1 exactly. */
const PLAN_LENGTH = 400;
/** How long the app's CPU time is sampled with no request before each run. */
const IDLE_SAMPLE_MS = 3000;

/** Issue 26's targets: ratios to the floor per write share, the open loop's p99, RSS per engine. */
const TARGETS = {
  ratio: { 0: 0.15, 16: 0.1 } as Record<number, number>,
  alone: { hotPost: 0.25, fifthWordSearch: 0.05 },
  openLoopP99Ms: 100,
  rssMb: { pglite: 450, postgres: 200 },
};

type Engine = 'pglite' | 'postgres';

interface Counts {
  posts: number;
  comments: number;
  likes: number;
}

async function countRows(engine: Engine, dataDir: string): Promise<Counts> {
  const { database, close } = await openBenchDatabase(
    engine === 'postgres' ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir },
  );
  try {
    const [row] = rowsOf<Counts>(
      await database.db.execute(sql`select (select count(*)::int from posts) as posts,
        (select count(*)::int from comments) as comments,
        (select count(*)::int from post_likes) as likes`),
    );
    return row!;
  } finally {
    await close();
  }
}

/** Seeds and indexes the community, and gives the first MEMBERS members in groups a session each. */
async function prepare(engine: Engine, dataDir: string) {
  const { database, close } = await openBenchDatabase(
    engine === 'postgres' ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir },
  );
  try {
    console.log(`Seeding ${POSTS.toLocaleString('en')} posts on ${engine}${PHOTOS ? ', with photos' : ''}…`);
    const seeded = await seedCommunity(database.db, {
      posts: POSTS,
      log: console.log,
      indexMemory: engine === 'postgres' ? '256MB' : undefined,
      // The files go where the app will look for them: its DATA_DIR's local store.
      photos: PHOTOS ? { filesDir: path.join(dataDir, 'files') } : undefined,
    });
    await indexCommunity(database, console.log, dataDir);
    const members = await signInMembers(database.db, MEMBERS, seeded.viewerId);
    await appointModerators(
      database.db,
      members.map((m) => m.id),
    );
    const targets = await findMixTargets(database.db, {
      memberIds: members.map((m) => m.id),
      hotPostId: seeded.hotPostId,
    });
    return { seeded, members, targets };
  } finally {
    await close();
  }
}

async function runEngine(engine: Engine): Promise<MixEngineResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-mix-'));
  const { seeded, members, targets } = await prepare(engine, dataDir);
  const before = await countRows(engine, dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const metricsToken = randomToken();
  const child = spawnBuiltApp({
    engine,
    dataDir,
    port,
    totpKey: randomToken(),
    env: { METRICS_TOKEN: metricsToken },
  });
  const keptReads = () => readKeptReads(base, metricsToken);
  const floor = (seconds = DURATION) =>
    runGenerator('load.mjs', {
      url: base,
      connections: MEMBERS,
      duration: Math.max(5, Math.round(seconds / 3)),
      requests: [asSent(base, '', { kind: 'floor', method: 'GET', path: '/api/health', signedIn: false })],
    });
  const closedLoop = (clients: ReturnType<typeof mixClients>, seconds = DURATION) =>
    runGenerator('load.mjs', { url: base, connections: MEMBERS, duration: seconds, clients });
  try {
    await waitForHealth(base, child);
    const fullTargets = await targets.withCursors(base, members[0]!.cookie);
    await checkEveryRequest(base, members, fullTargets);
    let run = 0;
    const clientsFor = (writePercent: number, mix = AUDITED_MIX) =>
      mixClients(base, members, planMix(mixWithWrites(writePercent, mix), PLAN_LENGTH), fullTargets, run++);

    console.log(`Warm-up: ${Math.min(10, DURATION)} s of the 16 % mix (not measured)…`);
    await closedLoop(clientsFor(16), Math.min(10, DURATION));

    // The floor before each run and after it; a run's ratio is to the mean of the two beside it.
    const floors: number[] = [(await floor()).rps];
    const runs: MixRun[] = [];
    const measure = async (writePercent: number, groups = false) => {
      const name = `${writePercent} % writes${groups ? ' with the group paths' : ''}`;
      const rss = sampleRss(child.pid!);
      const keptBefore = await keptReads();
      // What the app spends with no request (its queue's polling, the jobs earlier writes left):
      // taken from each request's share below, so a slow run is not charged for the clock.
      const quiet = sampleCpu(child.pid!, engine === 'postgres');
      await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
      const idle = quiet.stop();
      const cpu = sampleCpu(child.pid!, engine === 'postgres');
      const started = performance.now();
      const load = await closedLoop(clientsFor(writePercent, groups ? GROUPS_MIX : AUDITED_MIX));
      const used = cpu.stop();
      const idleShare = (performance.now() - started) / IDLE_SAMPLE_MS;
      const memory = rss.stop();
      const kept = hitRates(keptBefore, await keptReads());
      const held = await readMemoryGauges(base, metricsToken);
      floors.push((await floor()).rps);
      const around = floors.slice(-2);
      // All of it too: jobs an earlier run's writes left can still be running in the idle sample,
      // and taking them away then understates what a request costs.
      const cpuAllTold = used.appMs / Math.max(1, load.requests);
      const run: MixRun = {
        writePercent,
        ...(groups ? { mix: 'groups' as const } : {}),
        rps: load.rps,
        floorRps: around,
        ratio: ratioToFloor(load.rps, around),
        target: TARGETS.ratio[writePercent] ?? null,
        rss: memory,
        cpuMsPerRequest: {
          appAll: cpuAllTold,
          app: (used.appMs - idle.appMs * idleShare) / Math.max(1, load.requests),
          database:
            used.databaseMs === null
              ? null
              : (used.databaseMs - idle.databaseMs! * idleShare) / Math.max(1, load.requests),
        },
        requests: load.requests,
        s5xx: load.s5xx,
        errors: load.errors,
        byKind: load.byKind,
        keptReads: kept,
        held,
      };
      runs.push(run);
      console.log(
        `  ${name}: ${load.rps.toFixed(0)} req/s, ${run.ratio.toFixed(3)}x the floor (${around.map((f) => f.toFixed(0)).join(' / ')}), RSS p50 ${memory.p50Mb} MB max ${memory.maxMb} MB, CPU a request ${cpuAllTold.toFixed(2)} ms, beyond idle ${run.cpuMsPerRequest!.app.toFixed(2)} ms${used.databaseMs === null ? '' : ` (+ PostgreSQL ${run.cpuMsPerRequest!.database!.toFixed(2)} ms)`}`,
      );
      console.log(`    kept answers served (hits / reads): ${describeKept(kept)}`);
      console.log(
        `    at its end: kept answers ${held.keptEntries} holding ${held.keptMb} MB; V8 heap ${held.heapUsedMb} MB used of ${held.heapTotalMb} MB, external ${held.externalMb} MB (main thread)`,
      );
      warnOnFailures(name, load);
    };
    for (const writePercent of WRITE_SHARES) await measure(writePercent);
    // Issue 27's group paths (group timelines with pins, pinning, inviting) in the 16 % mix.
    if (WRITE_SHARES.includes(16)) await measure(16, true);

    const alone = async (name: string, requests: MixRequest[], target: number) => {
      const clients = members.map((m) => requests.map((r) => asSent(base, m.cookie, r)));
      const keptBefore = await keptReads();
      const cpu = sampleCpu(child.pid!, engine === 'postgres');
      const load = await closedLoop(clients);
      const used = cpu.stop();
      const kept = hitRates(keptBefore, await keptReads());
      floors.push((await floor()).rps);
      const ratio = ratioToFloor(load.rps, floors.slice(-2));
      console.log(
        `  ${name}, alone: ${load.rps.toFixed(0)} req/s, ${ratio.toFixed(3)}x the floor, CPU a request ${(used.appMs / Math.max(1, load.requests)).toFixed(2)} ms${used.databaseMs === null ? '' : ` (+ PostgreSQL ${(used.databaseMs / Math.max(1, load.requests)).toFixed(2)} ms)`}; kept answers served: ${describeKept(kept)}`,
      );
      warnOnFailures(name, load);
      return { name, rps: load.rps, ratio, target, byKind: load.byKind, s5xx: load.s5xx };
    };
    const hotPost = await alone(
      'post with 200 comments',
      [
        { kind: 'post', method: 'GET', path: `/api/posts/${seeded.hotPostId}` },
        { kind: 'comments', method: 'GET', path: `/api/posts/${seeded.hotPostId}/comments` },
      ],
      TARGETS.alone.hotPost,
    );
    const fifth = targets.fifthWord;
    const fifthSearch = await alone(
      `search "${fifth.word}" (in ${(fifth.share * 100).toFixed(1)} % of posts)`,
      [{ kind: 'search', method: 'POST', path: '/api/search', body: { query: fifth.word } }],
      TARGETS.alone.fifthWordSearch,
    );

    console.log(`Open loop: ${RATE} operations/s of the 16 % mix for ${DURATION} s…`);
    const rss = sampleRss(child.pid!);
    const open = await runGenerator('open-loop.mjs', {
      url: base,
      rate: RATE,
      duration: DURATION,
      clients: clientsFor(16),
    });
    const openRss = rss.stop();
    warnOnFailures('open loop', open);
    return {
      engine,
      posts: seeded.rows.posts ?? POSTS,
      members: MEMBERS,
      seed: { rows: seeded.rows, seconds: seeded.seconds },
      floorRps: floors,
      runs,
      alone: [hotPost, fifthSearch],
      fifthWord: fifth,
      openLoop: {
        rate: RATE,
        achievedRps: open.rps,
        maxSendLagMs: open.maxSendLagMs,
        s5xx: open.s5xx,
        errors: open.errors,
        rss: openRss,
        byKind: open.byKind,
      },
      rssTargetMb: TARGETS.rssMb[engine],
    };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await reportWrites(engine, dataDir, before);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every distinct request of the 16 % mix sent once before the load: one refused is a bench bug. */
async function checkEveryRequest(base: string, members: Member[], targets: Parameters<typeof mixClients>[3]) {
  const [first] = mixClients(
    base,
    members.slice(0, 1),
    planMix(mixWithWrites(16, GROUPS_MIX), PLAN_LENGTH),
    targets,
  );
  const seen = new Set<string>();
  for (const request of first!) {
    if (seen.has(request.kind)) continue;
    seen.add(request.kind);
    const filled = (text: string) => text.replaceAll('{n}', 'check');
    const response = await fetch(`${base}${filled(request.path)}`, {
      method: request.method,
      headers: request.headers,
      body: request.body === undefined ? undefined : filled(request.body),
    });
    const text = await response.text();
    if (response.status >= 300)
      throw new Error(
        `${request.kind}: ${request.method} ${request.path} answered ${response.status} ${text.slice(0, 200)}`,
      );
  }
}

type KeptCounts = Map<string, { hits: number; misses: number }>;

/** The app's kept-read counters from /metrics (`hearth_kept_reads_total`), by kind. */
async function readKeptReads(base: string, token: string): Promise<KeptCounts> {
  const counts: KeptCounts = new Map();
  for (const match of (await scrapeMetrics(base, token)).matchAll(
    /^hearth_kept_reads_total\{kind="([^"]+)",outcome="(hit|miss)"\} (\d+)/gm,
  )) {
    const entry = counts.get(match[1]!) ?? { hits: 0, misses: 0 };
    if (match[2] === 'hit') entry.hits = Number(match[3]);
    else entry.misses = Number(match[3]);
    counts.set(match[1]!, entry);
  }
  return counts;
}

/** What the app's /metrics says it holds now: the kept answers and its main thread's V8 heap, in MB. */
async function readMemoryGauges(base: string, token: string) {
  const text = await scrapeMetrics(base, token);
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    keptEntries: gauge('hearth_kept_reads_entries'),
    keptMb: mb(gauge('hearth_kept_reads_bytes')),
    heapUsedMb: mb(gauge('nodejs_heap_size_used_bytes')),
    heapTotalMb: mb(gauge('nodejs_heap_size_total_bytes')),
    externalMb: mb(gauge('nodejs_external_memory_bytes')),
  };
}

/** Each kind's share of reads served from the kept answers between two readings of the counters. */
function hitRates(before: KeptCounts, after: KeptCounts) {
  return [...after].flatMap(([kind, now]) => {
    const then = before.get(kind) ?? { hits: 0, misses: 0 };
    const hits = now.hits - then.hits;
    const reads = hits + now.misses - then.misses;
    return reads > 0 ? [{ kind, reads, rate: hits / reads }] : [];
  });
}

/** Each kind's hit rate, as the run's lines print it: `session 100 % of 22515, timeline …`. */
function describeKept(kept: ReturnType<typeof hitRates>): string {
  return kept.map((k) => `${k.kind} ${Math.round(k.rate * 100)} % of ${k.reads}`).join(', ');
}

/** Any 5xx or refused connection, loudly; other non-2xx answers by kind. */
function warnOnFailures(phase: string, load: GeneratorResult) {
  if (load.s5xx > 0 || load.errors > 0)
    console.error(
      `\n!!! ${phase}: ${load.s5xx} answers were 5xx and ${load.errors} requests failed${load.errorCodes ? ` ${JSON.stringify(load.errorCodes)}` : ''} !!!\n`,
    );
  for (const [kind, stats] of Object.entries(load.byKind)) {
    const refused = Object.entries(stats.byStatus).filter(([code]) => !code.startsWith('2'));
    if (refused.length > 0)
      console.warn(`  ${phase}, ${kind}: ${refused.map(([code, n]) => `${n} x ${code}`).join(', ')}`);
  }
}

/** The rows the run added, read from the database once the app has stopped. */
async function reportWrites(engine: Engine, dataDir: string, before: Counts) {
  try {
    const after = await countRows(engine, dataDir);
    console.log(
      `  rows written: posts +${after.posts - before.posts}, comments +${after.comments - before.comments}, likes ${after.likes - before.likes >= 0 ? '+' : ''}${after.likes - before.likes} (net: each like is undone by its unlike, but for those a run stopped between the two)`,
    );
  } catch (error) {
    console.warn(`  could not count the rows written: ${error instanceof Error ? error.message : error}`);
  }
}

export async function runMix() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server', 'main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  }
  const wanted = (process.env.BENCH_MIX_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
  const engines = (['pglite', 'postgres'] as const).filter(
    (engine) => wanted.includes(engine) && (engine === 'pglite' || process.env.BENCH_DATABASE_URL),
  );
  const results = [];
  for (const engine of engines) {
    const result = await runEngine(engine);
    printTable(result, { duration: DURATION, openLoopP99Ms: TARGETS.openLoopP99Ms });
    results.push(result);
  }
  const file = mergeResult(process.env.BENCH_MIX_RESULT ?? 'latest', 'mix', {
    date: new Date().toISOString(),
    node: process.version,
    duration: DURATION,
    photos: PHOTOS,
    loadAverage: os.loadavg(),
    targets: TARGETS,
    results,
  });
  console.log(`\nWrote ${path.relative(ROOT, file)}`);
}
