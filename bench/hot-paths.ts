// The hot paths as ratios to /api/health, measured side by side in one run: the session look-up
// (GET /api/auth), the signed-in timeline at page 1 and page 100, and the public feed. autocannon
// runs in a child process so it does not share Hearth's event loop.
//   npx tsx bench/hot-paths.ts                      (PGlite)
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/hot-paths.ts
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/auth';
import { insertSession } from '../server/features/sessions/sessions.repo';
import { hashToken, randomToken } from '../server/lib/tokens';
import { insertMember, startBenchHearth } from './support/hearth';

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const autocannon = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'autocannon');

async function measure(url: string, cookie?: string): Promise<number> {
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(SECONDS)];
  if (cookie) args.push('-H', `cookie=${cookie}`);
  // Asynchronously: Hearth runs in this process and must keep answering.
  const { stdout: out } = await promisify(execFile)(autocannon, [...args, url], { maxBuffer: 1 << 26 });
  const result = JSON.parse(out) as { requests: { average: number }; non2xx: number; errors: number };
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function main() {
  const bench = await startBenchHearth();
  const { db } = bench;
  try {
    const viewer = await insertMember(db, 'viewer');
    const author = await insertMember(db, 'author');
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
    // Likes and comments on a sixth of the posts, so counts and "liked by you" have rows to find.
    await db.execute(sql`insert into post_likes (post_id, user_id)
      select id, ${viewer} from posts where group_id is null and random() < 0.3`);
    await db.execute(sql`insert into post_likes (post_id, user_id)
      select id, ${author} from posts where random() < 0.3`);
    await db.execute(sql`insert into comments (post_id, user_id, content)
      select id, ${author}, 'A comment' from posts, generate_series(1, 3) where random() < 0.2`);
    const published = rowsOf<{ id: string }>(
      await db.execute(sql`select id from posts where group_id is null order by created_at desc limit 50`),
    );
    await db.execute(sql`insert into public_posts (post_id, user_id, slug)
      select p.id, p.user_id, 'post-' || p.id from posts p where p.id in (${sql.join(
        published.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )})`);
    await db.execute(sql`analyze`);

    const token = randomToken();
    await insertSession(db, {
      userId: viewer,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const cookie = `${SESSION_COOKIE}=${token}`;
    let cursor: string | undefined;
    for (let page = 1; page < 100; page++) {
      const response = await fetch(
        `${bench.base}/api/posts${cursor ? `?after=${encodeURIComponent(cursor)}` : ''}`,
        {
          headers: { cookie },
        },
      );
      await response.arrayBuffer();
      cursor = response.headers.get('x-next-cursor') ?? undefined;
    }
    const routes: [string, string, boolean][] = [
      ['/api/health (floor)', '/api/health', false],
      ['GET /api/auth', '/api/auth', true],
      ['timeline page 1', '/api/posts', true],
      ['timeline page 100', `/api/posts?after=${encodeURIComponent(cursor!)}`, true],
      ['public feed', '/api/published_posts?limit=1', false],
    ];
    await measure(`${bench.base}/api/health`); // warm up
    const rows: { route: string; rps: number; ratio: number }[] = [];
    let floor = 0;
    for (const [route, url, signedIn] of routes) {
      const rps = await measure(`${bench.base}${url}`, signedIn ? cookie : undefined);
      if (!floor) floor = rps;
      rows.push({ route, rps: Math.round(rps), ratio: Number((rps / floor).toFixed(3)) });
    }
    console.log(`${bench.hearth.context.database.kind}, ${POSTS} posts, ${CONNECTIONS} connections`);
    console.table(rows);
  } finally {
    await bench.stop();
  }
}

await main();
