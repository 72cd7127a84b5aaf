// `BENCH_DATABASE_URL=… npx tsx bench/timeline-plan.ts`: the signed-in timeline's page-1 statement
// (`timelineQuery`, as `GET /api/posts` sends it) for `member0` of a `bench:seed` community, run
// with EXPLAIN (ANALYZE, BUFFERS) a few times (the first warms the cache, the last is printed),
// then one line of the figures that compare sizes: rows read from posts, buffers, time.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { LIMITS } from '../shared/domain/constants';
import { timelineQuery } from '../server/features/posts/posts.repo';
import { openBenchDatabase } from './seed';

const ROUNDS = Number(process.env.BENCH_PLAN_ROUNDS ?? 5);

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL is required');
  const { database, close } = await openBenchDatabase({ databaseUrl: url });
  try {
    const db = database.db;
    const [viewer] = rowsOf<{ id: string; posts: number }>(
      await db.execute(sql`select id, (select count(*)::int from posts) as posts
        from users where username = 'member0'`),
    );
    if (!viewer) throw new Error('No bench:seed community in this database (no member0).');
    const query = timelineQuery(db, { viewerId: viewer.id, cursor: null, limit: LIMITS.pageSize });
    let plan = '';
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const result = await db.execute(sql`explain (analyze, buffers) ${query}`);
      plan = rowsOf<{ 'QUERY PLAN': string }>(result)
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
    }
    console.log(plan);
    // The scan of posts: the first node that reads the posts table, and the rows it returned.
    const scan =
      /(Index Scan|Index Only Scan|Seq Scan|Bitmap Heap Scan)[^\n]* on posts [^\n]*\(actual [^)]*rows=(\d+)/.exec(
        plan,
      );
    const [buffers] = /Buffers: [^\n]*/.exec(plan) ?? ['Buffers: ?'];
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `\n${viewer.posts.toLocaleString('en')} posts: ${scan?.[1] ?? '?'} on posts read ${scan?.[2] ?? '?'} rows; ` +
        `top node ${buffers}; execution ms over ${ROUNDS} runs: ${times.map((t) => t.toFixed(3)).join(', ')} ` +
        `(median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)})`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
