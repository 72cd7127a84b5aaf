// Private conversations (issue 31): how fast a message reaches the people it is for, and whether a
// long conversation pages as fast at its start as at its end.
//
// Delivery: MEMBERS members (200 unless BENCH_CONVERSATION_MEMBERS) each hold the live-events stream
// open, as a browser tab does, in circles of CIRCLE (20: the most a conversation holds), everyone
// following everyone in their circle. For DELIVERY_SECONDS the circles' members write at RATE
// messages a second in all, each from a random member of a random circle; each message is timed from
// the moment its POST leaves until each other participant's stream names it (`message.created`).
// Target: the deliveries' p95 under 500 ms.
//
// Paging: one conversation of HISTORY messages (10,000), written through the API; the latest page
// (the first a member opens) and the oldest pages (reached by following `x-next-cursor` back to the
// start) are each read REPEATS times, each read after a write elsewhere so that none is served from
// what Hearth keeps. Target: the oldest pages' median within 1.2x of the latest's.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../shared/api/live-events';
import { type Db, rowsOf } from '../server/db/client';
import { SESSION_COOKIE } from '../server/http/auth';
import { hashToken, randomToken } from '../server/lib/tokens';
import { percentile } from './search-relevance/metrics';
import { mergeResult, startBenchHearth, type BenchHearth } from './support/hearth';

const MEMBERS = Number(process.env.BENCH_CONVERSATION_MEMBERS ?? 200);
const CIRCLE = 20;
const RATE = Number(process.env.BENCH_CONVERSATION_RATE ?? 20);
const DELIVERY_SECONDS = Number(process.env.BENCH_CONVERSATION_SECONDS ?? 15);
const HISTORY = Number(process.env.BENCH_CONVERSATION_HISTORY ?? 10_000);
const PAGE = 50;
const REPEATS = 30;
const DELIVERY_TARGET_MS = 500;
const PAGING_TARGET_RATIO = 1.2;

interface Member {
  id: string;
  token: string;
}

export async function runConversations() {
  const bench = await startBenchHearth();
  try {
    const members = await seedMembers(bench.db, MEMBERS);
    const circles = await seedCircles(bench, members);
    const delivery = await measureDelivery(bench, circles);
    const paging = await measurePaging(bench, circles);
    const result = {
      date: new Date().toISOString(),
      engine: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      delivery,
      paging,
    };
    console.log(`  written to ${mergeResult('latest', 'conversations', result)}`);
    return result;
  } finally {
    await bench.stop();
  }
}

/** Members with a session each, inserted directly: sign-up is not what is measured. */
async function seedMembers(db: Db, count: number): Promise<Member[]> {
  await db.execute(sql`insert into users (username, email, password_hash, confirmed_at)
    select 'talker_' || i, 'talker_' || i || '@bench.test', 'not-a-hash', now()
    from generate_series(1, ${count}) as i`);
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where username like 'talker\\_%' order by username`),
  ).map((row) => row.id);
  const members = ids.map((id) => ({ id, token: randomToken() }));
  for (const member of members) {
    await db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
      values (${member.id}, ${hashToken(member.token)}, now() + interval '1 day')`);
  }
  return members;
}

interface Circle {
  conversationId: string;
  members: Member[];
}

/** Circles of CIRCLE members who all follow each other, each with its conversation, made through the API. */
async function seedCircles(bench: BenchHearth, members: Member[]): Promise<Circle[]> {
  const circles: Circle[] = [];
  for (let start = 0; start < members.length; start += CIRCLE) {
    const circle = members.slice(start, start + CIRCLE);
    const ids = circle.map((member) => member.id);
    await bench.db.execute(sql`insert into follows (follower_id, followee_id)
      select a, b from unnest(${`{${ids.join(',')}}`}::uuid[]) as a, unnest(${`{${ids.join(',')}}`}::uuid[]) as b
      where a <> b`);
    const made = await call<{ id: string }>(bench, circle[0]!, 'POST', '/api/conversations', {
      conversation: { user_ids: ids.slice(1), name: `Circle ${circles.length + 1}` },
    });
    if (made.status !== 201) throw new Error(`a circle's conversation was refused: ${made.status}`);
    circles.push({ conversationId: made.body.id, members: circle });
  }
  return circles;
}

async function measureDelivery(bench: BenchHearth, circles: Circle[]) {
  const streams = await Promise.all(
    circles.flatMap((circle) => circle.members.map((member) => openStream(bench, member))),
  );
  const streamOf = new Map(streams.map((stream) => [stream.memberId, stream]));
  const sent: Array<{ leftAt: number; messageId: string; recipients: string[] }> = [];
  const latencies: number[] = [];
  const writes: Array<Promise<void>> = [];
  const total = Math.round(RATE * DELIVERY_SECONDS);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const circle = circles[i % circles.length]!;
    const author = circle.members[Math.floor(Math.random() * circle.members.length)]!;
    const leftAt = performance.now();
    writes.push(
      call<{ id: string }>(bench, author, 'POST', `/api/conversations/${circle.conversationId}/messages`, {
        message: { content: `Message ${i}: shall we meet at ${i % 24}:00?` },
      }).then((response) => {
        if (response.status !== 201) throw new Error(`a message was refused: ${response.status}`);
        const recipients = circle.members.filter((member) => member !== author).map((member) => member.id);
        sent.push({ leftAt, messageId: response.body.id, recipients });
      }),
    );
  }
  await Promise.all(writes);
  // Every delivery is awaited (up to 30 s); one that never comes counts as missed, not as fast.
  let missed = 0;
  await Promise.all(
    sent.flatMap((message) =>
      message.recipients.map(async (recipientId) => {
        const arrivedAt = await streamOf.get(recipientId)!.arrival(message.messageId, 30_000);
        if (arrivedAt === null) missed += 1;
        else latencies.push(arrivedAt - message.leftAt);
      }),
    ),
  );
  for (const stream of streams) stream.close();
  const p95 = Math.round(percentile(latencies, 95));
  const result = {
    connected: streams.length,
    messages: sent.length,
    deliveries: latencies.length,
    missed,
    messagesPerSecond: RATE,
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p95,
      max: Math.round(Math.max(0, ...latencies)),
    },
    target: `p95 under ${DELIVERY_TARGET_MS} ms to ${MEMBERS} connected members`,
    met: missed === 0 && p95 < DELIVERY_TARGET_MS,
  };
  console.log(
    `  delivery: ${result.messages} messages to ${result.connected} open streams, ${result.deliveries} ` +
      `deliveries (${missed} missed); p50 ${result.latencyMs.p50} ms, p95 ${p95} ms, max ` +
      `${result.latencyMs.max} ms; target ${result.met ? 'met' : 'MISSED'}`,
  );
  return result;
}

async function measurePaging(bench: BenchHearth, circles: Circle[]) {
  const circle = circles[0]!;
  const path = `/api/conversations/${circle.conversationId}/messages`;
  const writers = circle.members.slice(0, 4);
  let written = 0;
  // Eight writers at a time: history is written as members would, through the API.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (written < HISTORY) {
        const n = written++;
        const response = await call(bench, writers[n % writers.length]!, 'POST', path, {
          message: { content: `Line ${n} of a long conversation about the allotment.` },
        });
        if (response.status !== 201) throw new Error(`a history message was refused: ${response.status}`);
      }
    }),
  );
  const reader = circle.members[5]!;
  // Walk back to the start, keeping the oldest pages' cursors.
  const cursors: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url = `${path}?limit=${PAGE}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`;
    const response: CallResult<unknown> = await call(bench, reader, 'GET', url);
    if (response.status !== 200) throw new Error(`a page was refused: ${response.status}`);
    pages += 1;
    cursor =
      response.headers.get('x-has-next-page') === 'true' ? response.headers.get('x-next-cursor') : null;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  // The five pages before the last (the last may hold fewer messages than a page).
  const oldest = cursors.slice(-6, -1);
  // Each timed read follows a message written in another circle, as members elsewhere write all the
  // time: it drops what Hearth kept of the messages table (ADR 042), so every read is a real one.
  const other = circles[1] ?? circle;
  const time = async (url: string) => {
    const written = await call(
      bench,
      other.members[0]!,
      'POST',
      `/api/conversations/${other.conversationId}/messages`,
      {
        message: { content: 'Meanwhile, in another circle.' },
      },
    );
    if (written.status !== 201) throw new Error(`a message was refused: ${written.status}`);
    return (await call(bench, reader, 'GET', url)).ms;
  };
  const latest: number[] = [];
  const deep: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    latest.push(await time(`${path}?limit=${PAGE}`));
    deep.push(await time(`${path}?limit=${PAGE}&before=${encodeURIComponent(oldest[i % oldest.length]!)}`));
  }
  const latestMs = percentile(latest, 50);
  const deepMs = percentile(deep, 50);
  const ratio = deepMs / latestMs;
  const result = {
    messages: HISTORY,
    pages,
    pageSize: PAGE,
    latestPageMedianMs: Number(latestMs.toFixed(2)),
    oldestPagesMedianMs: Number(deepMs.toFixed(2)),
    ratio: Number(ratio.toFixed(2)),
    target: `the oldest pages within ${PAGING_TARGET_RATIO}x of the latest page`,
    met: ratio <= PAGING_TARGET_RATIO,
  };
  console.log(
    `  paging: ${HISTORY} messages in ${pages} pages of ${PAGE}; latest page median ${result.latestPageMedianMs} ms, ` +
      `oldest pages ${result.oldestPagesMedianMs} ms (${result.ratio}x); target ${result.met ? 'met' : 'MISSED'}`,
  );
  return result;
}

interface CallResult<T> {
  status: number;
  body: T;
  headers: Headers;
  ms: number;
}

async function call<T = unknown>(
  bench: BenchHearth,
  member: Member,
  method: string,
  path: string,
  body?: unknown,
): Promise<CallResult<T>> {
  const started = performance.now();
  const response = await fetch(`${bench.base}${path}`, {
    method,
    headers: {
      cookie: `${SESSION_COOKIE}=${member.token}`,
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    headers: response.headers,
    ms: performance.now() - started,
  };
}

/** A member's live-events stream, noting when each `message.created` arrived. */
async function openStream(bench: BenchHearth, member: Member) {
  const controller = new AbortController();
  const response = await fetch(`${bench.base}/api/events`, {
    headers: { cookie: `${SESSION_COOKIE}=${member.token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the event stream was refused: ${response.status}`);
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const event = JSON.parse(data) as LiveEvent;
          if (event.type !== 'message.created') continue;
          const at = performance.now();
          arrived.set(event.messageId, at);
          waiting.get(event.messageId)?.(at);
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    memberId: member.id,
    /** When the message's event arrived, waiting up to `timeoutMs` for it; null if it never did. */
    arrival(messageId: string, timeoutMs: number): Promise<number | null> {
      const at = arrived.get(messageId);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        waiting.set(messageId, (when) => {
          clearTimeout(timer);
          resolve(when);
        });
      });
    },
    close: () => controller.abort(),
  };
}
