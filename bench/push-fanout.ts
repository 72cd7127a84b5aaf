// Web Push fan-out (ADR 052, issue 29): a group of 1,000 members, each at the `all` level with one
// device subscribed at a local push service that checks each push's VAPID signature and decrypts
// it (tests/support/push-service.ts, the API tests' own), and one post in the group through the
// API. Measures from the post's 201 until the service has decrypted every member's push: the
// total, pushes/s, and each push's delivery latency (p50, p95, max). Target: all within 10 s. The
// push service runs in the bench's process, beside Hearth: its TLS and decryption take from
// Hearth's two cores, as a remote service's would not, so the figure errs on the slow side.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { pushSubscriptions } from '../server/db/schema';
import { startLocalPushService } from '../tests/support/push-service';
import { percentile } from './search-relevance/metrics';
import { insertMember, mergeResult, signedInClient, startBenchHearth, waitForJobs } from './support/hearth';

const MEMBERS = Number(process.env.BENCH_PUSH_MEMBERS ?? 1000);
const TARGET_SECONDS = 10;
const TIMEOUT_MS = Number(process.env.BENCH_PUSH_TIMEOUT_MS ?? 120_000);

export async function runPushFanout() {
  const service = await startLocalPushService();
  // Pushes go to the service on 127.0.0.1: the loopback switch is refused in production, so this
  // suite runs as NODE_ENV=test (as link-ready does).
  const bench = await startBenchHearth({ env: { PUSH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'test' } });
  try {
    const { db } = bench;
    const author = await insertMember(db, 'push_author');
    const group = await seedGroup(db, author);
    const devices = Array.from({ length: MEMBERS }, () => service.device());
    await db.insert(pushSubscriptions).values(
      group.sessions.map((session, i) => ({
        userId: session.userId,
        sessionId: session.id,
        endpoint: devices[i]!.subscription.endpoint,
        p256dh: devices[i]!.subscription.keys.p256dh,
        auth: devices[i]!.subscription.keys.auth,
        userAgent: 'bench',
      })),
    );
    const client = await signedInClient(bench, author);

    const posted = await client.request<{ id: string }>('POST', '/api/posts', {
      post: { tldr: 'Saturday climb: who is in?', content: 'Meet at nine.', group_id: group.id },
    });
    const postedAt = Date.now();
    if (posted.status !== 201) throw new Error(`the post was refused: ${posted.status}`);
    while (service.received.length < MEMBERS && Date.now() - postedAt < TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const latencies = service.received.map((push) => push.receivedAt - postedAt);
    // A job records its devices as used after its last push: its end is read once it has ended.
    await waitForJobs(db, new Date(postedAt - 60_000), TIMEOUT_MS);
    const totalMs = Math.max(0, ...latencies);
    const reached = new Set(service.received.map((push) => push.deviceId)).size;
    const result = {
      date: new Date().toISOString(),
      engine: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      members: MEMBERS,
      postMs: Math.round(posted.ms),
      received: service.received.length,
      devicesReached: reached,
      failures: service.failures.length,
      totalSeconds: Number((totalMs / 1000).toFixed(2)),
      pushesPerSecond: Number((service.received.length / (totalMs / 1000)).toFixed(0)),
      latencyMs: {
        p50: Math.round(percentile(latencies, 50)),
        p95: Math.round(percentile(latencies, 95)),
        max: Math.round(totalMs),
      },
      stages: await stages(db, group.id, postedAt),
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      target: `${MEMBERS} pushes decrypted within ${TARGET_SECONDS} s of the post's 201`,
      met: reached === MEMBERS && totalMs <= TARGET_SECONDS * 1000,
    };
    console.log(
      `  ${reached}/${MEMBERS} devices reached (${result.failures} refused) in ${result.totalSeconds} s ` +
        `(${result.pushesPerSecond} pushes/s); latency p50 ${result.latencyMs.p50} ms, ` +
        `p95 ${result.latencyMs.p95} ms, max ${result.latencyMs.max} ms; target ${result.met ? 'met' : 'MISSED'}`,
    );
    console.log(`  stages (ms after the 201): ${JSON.stringify(result.stages)}`);
    console.log(`  written to ${mergeResult('latest', 'push-fanout', result)}`);
    return result;
  } finally {
    await bench.stop();
    await service.close();
  }
}

/**
 * The group, its Owner and MEMBERS members at the `all` level (a group this size defaults to
 * `mentions`), each with a session for their device to belong to. Inserted directly: sign-up and
 * joining are not what is measured.
 */
async function seedGroup(db: Parameters<typeof insertMember>[0], author: string) {
  const [group] = rowsOf<{ id: string }>(
    await db.execute(
      sql`insert into groups (name, created_by_id) values ('Push bench', ${author}) returning id`,
    ),
  );
  const groupId = group!.id;
  await db.execute(
    sql`insert into group_roles (group_id, user_id, role) values (${groupId}, ${author}, 'Owner')`,
  );
  await db.execute(sql`insert into users (username, email, password_hash, confirmed_at)
    select 'fanout_' || i, 'fanout_' || i || '@bench.test', 'not-a-hash', now()
    from generate_series(1, ${MEMBERS}) as i`);
  const members = sql`select id from users where username like 'fanout\\_%'`;
  await db.execute(sql`insert into group_roles (group_id, user_id, role)
    select ${groupId}, id, 'Poster' from (${members}) as m`);
  await db.execute(sql`insert into group_notification_levels (group_id, user_id, level)
    select ${groupId}, id, 'all' from (${members}) as m`);
  const sessions = rowsOf<{ id: string; user_id: string }>(
    await db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
      select id, md5(id::text || random()::text), now() + interval '1 day' from (${members}) as m
      returning id, user_id`),
  );
  return { id: groupId, sessions: sessions.map((row) => ({ id: row.id, userId: row.user_id })) };
}

/**
 * Where the time went, from the database after the run and its jobs have ended (nothing is polled
 * during it): when the fan-out's inbox rows were written, and when the push deliveries were queued,
 * first taken and last finished, in ms after the post's 201.
 */
async function stages(db: Parameters<typeof insertMember>[0], groupId: string, postedAt: number) {
  const after = (column: string | null) =>
    column === null ? null : Math.round(new Date(column).getTime() - postedAt);
  const [inbox] = rowsOf<{ first: string | null; last: string | null }>(
    await db.execute(sql`select min(created_at)::text as first, max(created_at)::text as last
      from notifications where group_id = ${groupId} and kind = 'group_post'`),
  );
  const [jobs] = rowsOf<{ queued: string | null; started: string | null; done: string | null }>(
    await db.execute(sql`select min(created_on)::text as queued, min(started_on)::text as started,
      max(completed_on)::text as done from pgboss.job where name = 'push.deliver'`),
  );
  return {
    inboxFirst: after(inbox?.first ?? null),
    inboxLast: after(inbox?.last ?? null),
    deliveriesQueued: after(jobs?.queued ?? null),
    deliveriesStarted: after(jobs?.started ?? null),
    deliveriesDone: after(jobs?.done ?? null),
  };
}
