// Timeline latency at page 1 and page 100 over HTTP, on a fresh embedded database.
// Keyset pagination should make both cost the same. Figures go to stdout and bench/results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config/env';
import { rowsOf } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/auth';
import { insertSession } from '../server/features/sessions/sessions.repo';
import { hashToken, randomToken } from '../server/lib/tokens';
import { startHearth } from '../server/runtime';
import { percentile } from './search-relevance/metrics';

const POSTS = Number(process.env.BENCH_TIMELINE_POSTS ?? process.env.BENCH_POSTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const DEEP_PAGE = 100;

export async function runTimeline() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      INBOUND_SMTP_PORT: 'off',
    }),
    rateLimits: false,
  };
  const hearth = await startHearth(config);
  const { db } = hearth.context;
  try {
    console.log(`Seeding ${POSTS} posts (half in 10 groups, the viewer in 2 of them)…`);
    await db.execute(sql`insert into users (username, email, password_hash, confirmed_at)
      values ('viewer', 'viewer@bench.test', 'x', now()), ('author', 'author@bench.test', 'x', now())`);
    const ids = rowsOf<{ id: string; username: string }>(
      await db.execute(sql`select id, username from users`),
    );
    const viewer = ids.find((u) => u.username === 'viewer')!.id;
    const author = ids.find((u) => u.username === 'author')!.id;
    await db.execute(
      sql`insert into groups (name) select 'Bench group ' || i from generate_series(1, 10) as i`,
    );
    const groups = rowsOf<{ id: string }>(await db.execute(sql`select id from groups order by name`));
    await db.execute(sql`insert into group_roles (group_id, user_id, role)
      values (${groups[0]!.id}, ${viewer}, 'Poster'), (${groups[1]!.id}, ${viewer}, 'Commentor')`);
    const groupArray = sql`array[${sql.join(
      groups.map((g) => sql`${g.id}::uuid`),
      sql`, `,
    )}]`;
    await db.execute(sql`
      insert into posts (user_id, group_id, tldr, content, created_at)
      select ${author}, case when i % 2 = 0 then null else (${groupArray})[1 + (i / 2) % 10] end,
             'Post ' || i, 'Body of post ' || i, now() - make_interval(mins => i)
      from generate_series(1, ${POSTS}) as i`);
    await db.execute(sql`analyze`);

    const token = randomToken();
    await insertSession(db, {
      userId: viewer,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const address = hearth.app!.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const get = async (after?: string) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/posts${after ? `?after=${encodeURIComponent(after)}` : ''}`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`timeline answered ${response.status}`);
      return { ms: performance.now() - started, next: response.headers.get('x-next-cursor') ?? undefined };
    };

    // Walk to page 100 once to find its cursor.
    let cursor: string | undefined;
    for (let page = 1; page < DEEP_PAGE; page++) cursor = (await get(cursor)).next;
    const deepCursor = cursor!;
    for (let i = 0; i < 5; i++) await Promise.all([get(), get(deepCursor)]); // warm up

    const first: number[] = [];
    const deep: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      first.push((await get()).ms);
      deep.push((await get(deepCursor)).ms);
    }
    const summary = {
      date: new Date().toISOString(),
      posts: POSTS,
      rounds: ROUNDS,
      page1: { p50: percentile(first, 50), p95: percentile(first, 95) },
      page100: { p50: percentile(deep, 50), p95: percentile(deep, 95) },
      ratio_p50_page100_to_page1: percentile(deep, 50) / percentile(first, 50),
      database: hearth.context.database.kind,
      node: process.version,
    };
    console.log(
      `timeline page 1:   p50 ${summary.page1.p50.toFixed(2)} ms, p95 ${summary.page1.p95.toFixed(2)} ms\n` +
        `timeline page 100: p50 ${summary.page100.p50.toFixed(2)} ms, p95 ${summary.page100.p95.toFixed(2)} ms\n` +
        `page 100 / page 1 (p50): ${summary.ratio_p50_page100_to_page1.toFixed(2)}`,
    );
    const out = path.join(import.meta.dirname, 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'timeline.json'), `${JSON.stringify(summary, null, 2)}\n`);
  } finally {
    await hearth.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
