// `npm run bench:soak [-- --minutes N]`: the built app under a steady mixed load for N minutes
// (default 10) at 70 % of the maximum it sustains, measured first. The load is the mix bench's
// (bench/mix.ts): 30 seeded members, one connection and session each, in issue 26's audited mix
// with 16 % writes (timeline, deeper pages, posts with their comments, inbox, search, public feed;
// likes and unlikes, comments, posts, notifications read), the first member also submitting links
// to a local article server (the test-only loopback switch), from autocannon in a
// second process. It records 5xx answers (goal 0), reads back every post, comment and link the app
// acknowledged, samples the app's RSS every 10 s (goal: under 10 % growth after warm-up), then
// restarts the app with rate limits on and sends more than they allow (goal: 429s, never a 5xx).
// PGlite by default; BENCH_DATABASE_URL for PostgreSQL.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BuiltApp, ROOT, startBuiltApp } from './support/built-app';
import { type GeneratorRequest, asSent, rssMb, runGenerator } from './support/generator';
import { mergeResult } from './support/hearth';
import { type MixRequest, type MixTargets, mixWithWrites, planMix } from './support/mix-plan';
import { findMixTargets, type Member, mixClients, signInMembers } from './support/mix-targets';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: process.env.BENCH_SOAK_MINUTES ?? '10' },
    posts: { type: 'string', default: process.env.BENCH_SOAK_POSTS ?? '2000' },
    // One connection per member, as in the mix bench.
    connections: { type: 'string', default: process.env.BENCH_SOAK_CONNECTIONS ?? '30' },
  },
});
const MINUTES = Number(values.minutes);
const POSTS = Number(values.posts);
const CONNECTIONS = Number(values.connections);
const WARMUP_SECONDS = 10;
const MAX_SECONDS = 20;
const SOAK_SHARE = 0.7;
const OVER_LIMIT_SECONDS = 30;
const SAMPLE_MS = 10_000;
/** The first member's link submissions: one per this many of its requests. */
const LINK_EVERY = 10;

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  byStatus: Record<string, number>;
  s2xx: number;
  s4xx: number;
  s5xx: number;
  errors: number;
  timeouts: number;
  perSecond: number[];
  byKind: Record<
    string,
    { requests: number; byStatus: Record<string, number>; meanMs: number | null; maxMs: number }
  >;
  acknowledged: { post: Array<string | null>; comment: Array<string | null>; link: Array<string | null> };
}

type LoadRequest = MixRequest & { records?: 'post' | 'comment' | 'link' };

/** A small article for link submissions: the pipeline fetches, extracts and summarises it. */
function startArticleServer(): Promise<{ url: string; close(): Promise<void> }> {
  const paragraph =
    'The allotment committee met on Tuesday to plan the spring planting. Members agreed to share seed potatoes, ' +
    'to repair the water butts before April, and to hold a bring-and-buy morning for tools.';
  const page = `<!doctype html><html><head><title>Allotment news</title></head><body><article><h1>Allotment news</h1>${Array.from(
    { length: 12 },
    () => `<p>${paragraph}</p>`,
  ).join('')}</article></body></html>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** The soak's requests as the generator takes them, each write recorded for the read-back. */
function recorded(request: GeneratorRequest): GeneratorRequest {
  const records = ({ post: 'post', comment: 'comment', 'link submission': 'link' } as const)[
    request.kind as 'post' | 'comment' | 'link submission'
  ];
  return records ? { ...request, records } : request;
}

/** One list per connection (`clients`, a member each) or one list all connections share. */
async function runLoad(
  app: BuiltApp,
  load: { clients: GeneratorRequest[][] } | { requests: LoadRequest[] },
  options: { duration: number; rate?: number; connections?: number },
): Promise<LoadResult> {
  const job = {
    url: app.base,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration,
    rate: options.rate,
    ...('clients' in load
      ? { clients: load.clients.map((list) => list.map(recorded)) }
      : {
          requests: load.requests.map((r) => ({
            ...recorded(asSent(app.base, app.cookie, r)),
            ...(r.records ? { records: r.records } : {}),
          })),
        }),
  };
  return (await runGenerator('load.mjs', job)) as unknown as LoadResult;
}

/** Every page of a cursor-paged list (x-next-cursor), as ids. */
async function allIds(app: BuiltApp, url: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let after: string | null = null;
  for (let page = 0; page < 10_000; page++) {
    const separator = url.includes('?') ? '&' : '?';
    const response: Response = await fetch(
      `${app.base}${url}${after ? `${separator}after=${encodeURIComponent(after)}` : ''}`,
      { headers: { cookie: app.cookie, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } },
    );
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const rows = (await response.json()) as Array<{ id: string; replies?: Array<{ id: string }> }>;
    for (const row of rows) {
      ids.add(row.id);
      for (const reply of row.replies ?? []) ids.add(reply.id);
    }
    after = response.headers.get('x-next-cursor');
    if (!after || rows.length === 0) break;
  }
  return ids;
}

async function readBack(app: BuiltApp, acknowledged: LoadResult['acknowledged'], commentedPostIds: string[]) {
  const missing: string[] = [];
  const unidentified = Object.values(acknowledged)
    .flat()
    .filter((id) => id === null).length;
  for (const [kind, url] of [
    ['post', '/api/posts/'],
    ['link', '/api/links/'],
  ] as const) {
    for (const id of acknowledged[kind]) {
      if (id === null) continue;
      const response = await app.api('GET', `${url}${id}`);
      if (response.status !== 200) missing.push(`${kind} ${id} (${response.status})`);
    }
  }
  const comments = new Set<string>();
  for (const id of commentedPostIds)
    for (const comment of await allIds(app, `/api/posts/${id}/comments`)) comments.add(comment);
  for (const id of acknowledged.comment) if (id !== null && !comments.has(id)) missing.push(`comment ${id}`);
  return {
    checked: {
      posts: acknowledged.post.length,
      comments: acknowledged.comment.length,
      links: acknowledged.link.length,
    },
    unidentified,
    missing,
  };
}

/**
 * RSS growth after warm-up. The heap fills and is collected in a sawtooth (±15 % over a minute or
 * two), so one sample against another measures where each fell on a tooth: the mean of the last
 * third of the samples is compared with the mean of the first third instead.
 */
function growth(samples: Array<{ second: number; rssMb: number }>, warmupSeconds: number) {
  const after = samples.filter((s) => s.second >= warmupSeconds);
  if (after.length < 3) return null;
  const third = Math.floor(after.length / 3);
  const mean = (list: typeof after) => list.reduce((sum, s) => sum + s.rssMb, 0) / list.length;
  const base = mean(after.slice(0, third));
  const last = mean(after.slice(-third));
  return {
    baseMb: +base.toFixed(1),
    lastMb: +last.toFixed(1),
    firstSampleMb: after[0]!.rssMb,
    lastSampleMb: after.at(-1)!.rssMb,
    lowMb: Math.min(...after.map((s) => s.rssMb)),
    peakMb: Math.max(...after.map((s) => s.rssMb)),
    growthPercent: ((last - base) / base) * 100,
  };
}

async function main() {
  const started = Date.now();
  const article = await startArticleServer();
  console.log(`Seeding ${POSTS} posts and starting the built app…`);
  let members: Member[] = [];
  let found: Awaited<ReturnType<typeof findMixTargets>> | null = null;
  const app = await startBuiltApp({
    seedPosts: POSTS,
    // The loopback switch is refused in production, so the soak runs the app as NODE_ENV=test.
    env: { LINK_FETCH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'test' },
    async beforeStart(db, seeded) {
      members = await signInMembers(db, CONNECTIONS, seeded!.viewerId);
      found = await findMixTargets(db, { memberIds: members.map((m) => m.id), hotPostId: seeded!.hotPostId });
    },
  });
  try {
    const targets: MixTargets = await found!.withCursors(app.base, members[0]!.cookie);
    // The over-limit phase's comments go to a post of their own.
    const created = await app.api<{ id: string }>('POST', '/api/posts', {
      post: { tldr: 'Soak: the conversation', content: 'Comments of the soak go here.', group_id: null },
    });
    if (created.status >= 300) throw new Error(`seeding a post answered ${created.status}`);
    const postId = created.body.id;
    const plan = planMix(mixWithWrites(16), 400);
    let run = 0;
    // The mix bench's 16 % mix; the first member (member0, whose links the read-back can see: a
    // private link is its submitter's alone) also submits a link every LINK_EVERY requests, the
    // first one first, so even a short run has links to read back.
    const mix = () => ({
      clients: mixClients(app.base, members, plan, targets, run++).map((list, m) =>
        m > 0
          ? list
          : list.flatMap((request, i) =>
              i % LINK_EVERY === 0
                ? [
                    asSent(app.base, members[m]!.cookie, {
                      kind: 'link submission',
                      method: 'POST',
                      path: '/api/links',
                      body: { url: `${article.url}/news/{n}`, comment: null, visibility: 'private' },
                    }),
                    request,
                  ]
                : [request],
            ),
      ),
    });
    const overLimit: LoadRequest[] = [
      { kind: 'public feed', method: 'GET', path: '/api/published_posts?limit=1', signedIn: false },
      {
        kind: 'create post',
        method: 'POST',
        path: '/api/posts',
        body: { post: { tldr: 'Soak post {n}', content: 'Written under load, **{n}**.', group_id: null } },
        records: 'post',
      },
      { kind: 'public feed', method: 'GET', path: '/api/published_posts?limit=1', signedIn: false },
      {
        kind: 'comment',
        method: 'POST',
        path: `/api/posts/${postId}/comments`,
        body: { comment: { content: 'Soak comment {n}' } },
        records: 'comment',
      },
    ];

    // The first seconds of a freshly started process run cold (JIT, caches): not part of the maximum.
    console.log(`Warm-up: ${WARMUP_SECONDS} s of the mix as fast as the app answers (not measured)…`);
    const warmup = await runLoad(app, mix(), { duration: WARMUP_SECONDS });
    console.log(`  ${warmup.rps.toFixed(0)} req/s; answers per second: ${warmup.perSecond.join(' ')}`);
    console.log(`Maximum: ${CONNECTIONS} connections, ${MAX_SECONDS} s, as fast as the app answers…`);
    const max = await runLoad(app, mix(), { duration: MAX_SECONDS });
    const rate = Math.max(1, Math.floor(max.rps * SOAK_SHARE));
    console.log(`  ${max.rps.toFixed(0)} req/s (5xx ${max.s5xx}); the soak runs at ${rate} req/s`);
    console.log(`    answers per second: ${max.perSecond.join(' ')}`);
    printKinds(max);

    const seconds = Math.round(MINUTES * 60);
    const warmupSeconds = Math.min(60, Math.round(seconds / 4));
    const samples: Array<{ second: number; rssMb: number }> = [];
    const soakStart = Date.now();
    const sample = () => {
      const second = Math.round((Date.now() - soakStart) / 1000);
      samples.push({ second, rssMb: +rssMb(app.child.pid!).toFixed(1) });
      console.log(
        `  ${String(second).padStart(4)} s  RSS ${samples.at(-1)!.rssMb} MB  load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    };
    sample();
    const timer = setInterval(sample, SAMPLE_MS);
    console.log(`Soak: ${MINUTES} min at ${rate} req/s (warm-up: the first ${warmupSeconds} s)…`);
    const soak = await runLoad(app, mix(), { duration: seconds, rate });
    clearInterval(timer);
    sample();
    const rss = growth(samples, warmupSeconds);

    // Over the limit: the app as deployed (rate limits on) and the two limited kinds of request a
    // client can send fastest, public reads per IP and a member's writes, as fast as it answers.
    console.log(`Over the limit: rate limits on, ${OVER_LIMIT_SECONDS} s as fast as the app answers…`);
    await app.restart({ RATE_LIMITS: 'on' });
    const over = await runLoad(app, { requests: overLimit }, { duration: OVER_LIMIT_SECONDS });

    console.log('Reading back every acknowledged write…');
    const acknowledged = {
      post: [warmup, max, soak, over].flatMap((load) => load.acknowledged.post),
      comment: [warmup, max, soak, over].flatMap((load) => load.acknowledged.comment),
      link: [warmup, max, soak, over].flatMap((load) => load.acknowledged.link),
    };
    const readback = await readBack(app, acknowledged, [postId, ...targets.openPosts]);

    const loadAverage = os.loadavg();
    const result = {
      date: new Date().toISOString(),
      engine: app.engine,
      posts: POSTS,
      minutes: MINUTES,
      connections: CONNECTIONS,
      loadAverage,
      warmup: summary(warmup),
      maximum: summary(max),
      soak: { rate, ...summary(soak) },
      rss: { warmupSeconds, ...rss, samples },
      readback,
      overLimit: summary(over),
      goals: {
        no5xx: warmup.s5xx + max.s5xx + soak.s5xx === 0,
        everyWritePresent: readback.missing.length === 0 && readback.unidentified === 0,
        rssGrowthUnder10Percent: rss ? rss.growthPercent < 10 : null,
        overLimit429sNo5xx: (over.byStatus['429'] ?? 0) > 0 && over.s5xx === 0,
      },
    };
    printReport(result);
    const file = mergeResult('latest', 'soak', result);
    console.log(
      `\nWrote ${path.relative(ROOT, file)} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`,
    );
  } finally {
    await app.stop();
    await article.close();
  }
}

/** Each kind of request in a phase: how many, with which statuses, mean and slowest answer. */
function printKinds(load: LoadResult) {
  for (const [kind, k] of Object.entries(load.byKind))
    console.log(
      `    ${kind.padEnd(28)} ${String(k.requests).padStart(6)}  mean ${String(k.meanMs ?? '-').padStart(5)} ms  max ${String(k.maxMs).padStart(6)} ms  ${Object.entries(
        k.byStatus,
      )
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ')}`,
    );
}

function summary(load: LoadResult) {
  return {
    requests: load.requests,
    rps: +load.rps.toFixed(1),
    p50: load.p50,
    p99: load.p99,
    byStatus: load.byStatus,
    s5xx: load.s5xx,
    errors: load.errors,
    timeouts: load.timeouts,
    byKind: load.byKind,
    writes: {
      posts: load.acknowledged.post.length,
      comments: load.acknowledged.comment.length,
      links: load.acknowledged.link.length,
    },
  };
}

function printReport(r: {
  maximum: ReturnType<typeof summary>;
  soak: ReturnType<typeof summary> & { rate: number };
  overLimit: ReturnType<typeof summary>;
  rss: Partial<NonNullable<ReturnType<typeof growth>>>;
  readback: Awaited<ReturnType<typeof readBack>>;
  goals: Record<string, boolean | null>;
  loadAverage: number[];
  engine: string;
  minutes: number;
}) {
  const status = (s: Record<string, number>) =>
    Object.entries(s)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ');
  console.log(
    `\nSoak on ${r.engine}, ${r.minutes} min; load average ${r.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
  );
  for (const [name, load] of [
    ['maximum', r.maximum],
    [`soak at ${r.soak.rate}`, r.soak],
    ['over limit', r.overLimit],
  ] as const)
    console.log(
      `  ${name.padEnd(12)} ${load.rps.toFixed(0).padStart(5)} req/s  p50 ${load.p50} ms  p99 ${load.p99} ms  ${status(load.byStatus)}  errors ${load.errors}  timeouts ${load.timeouts}`,
    );
  console.log(
    `  RSS after warm-up, mean of the first third -> the last third: ${r.rss.baseMb ?? '-'} -> ${r.rss.lastMb ?? '-'} MB, growth ${r.rss.growthPercent?.toFixed(1) ?? '-'} % (samples ${r.rss.lowMb ?? '-'}-${r.rss.peakMb ?? '-'}, first ${r.rss.firstSampleMb ?? '-'}, last ${r.rss.lastSampleMb ?? '-'})`,
  );
  console.log(
    `  read back: ${r.readback.checked.posts} posts, ${r.readback.checked.comments} comments, ${r.readback.checked.links} links; missing ${r.readback.missing.length}${r.readback.missing.length ? ` (${r.readback.missing.slice(0, 5).join(', ')})` : ''}; acknowledged without an id ${r.readback.unidentified}`,
  );
  console.log('\nGoals:');
  const labels: Record<string, string> = {
    no5xx: 'no 5xx under the warm-up, the maximum and the soak',
    everyWritePresent: 'every acknowledged write present afterwards',
    rssGrowthUnder10Percent: 'RSS growth after warm-up < 10 %',
    overLimit429sNo5xx: 'over the limit: 429s, no 5xx',
  };
  for (const [key, met] of Object.entries(r.goals))
    console.log(`  ${met === null ? 'n/a   ' : met ? 'met   ' : 'MISSED'}  ${labels[key]}`);
}

await main();
