// Replies by email (ADR 054): members' replies sent over SMTP to the listener at a steady 20 mails
// a second for 10 s (open loop: a slow answer does not slow the sending), then the wait until every
// accepted reply's job has run. Reports mails accepted per second (the listener's 250s) and comments
// created, and how long the last took to land. Throttles are on, as in production.
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { rowsOf } from '../server/db/client';
import { replyAddressFor } from '../server/features/replies/reply-addresses';
import { insertMember, startBenchHearth, waitForJobs, writeResult } from './support/hearth';

const RATE = Number(process.env.BENCH_INBOUND_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_INBOUND_SECONDS ?? 10);
const MEMBERS = 40;
const DRAIN_TIMEOUT_MS = 120_000;

export async function runInboundMail() {
  const bench = await startBenchHearth({
    config: {
      rateLimits: true,
      // A free port of its own: 2525 may be taken by a Hearth running beside the bench.
      inboundMail: {
        replyDomain: 'reply.bench.test',
        replySecret: undefined,
        smtp: { port: 0, host: '127.0.0.1' },
        authservId: null,
      },
    },
  });
  try {
    const { db, hearth } = bench;
    const author = await insertMember(db, 'inbound_author');
    const [post] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into posts (user_id, tldr, content) values (${author}, 'Bench post', '')
        returning id`),
    );
    const senders: Array<{ email: string; address: string }> = [];
    for (let i = 0; i < MEMBERS; i++) {
      const id = await insertMember(db, `inbound_${i}`);
      const address = await replyAddressFor(db, hearth.context.config, id, {
        postId: post!.id,
        commentId: null,
      });
      senders.push({ email: `inbound_${i}@bench.test`, address });
    }
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: hearth.inboundSmtpPort!,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 5,
      maxMessages: Infinity,
    });
    const since = new Date(Date.now() - 1000);
    const total = RATE * SECONDS;
    let accepted = 0;
    const refused: string[] = [];
    const started = performance.now();
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const sender = senders[i % senders.length]!;
      sends.push(
        transport
          .sendMail({
            from: sender.email,
            to: sender.address,
            subject: 'Re: Bench post',
            text: `Reply number ${i}, with thanks.\n\nOn Sunday, Hearth wrote:\n> Someone commented on your post\n`,
          })
          .then(
            () => void accepted++,
            (error: { response?: string }) => void refused.push(error.response ?? String(error)),
          ),
      );
    }
    await Promise.all(sends);
    const sentSeconds = (performance.now() - started) / 1000;
    transport.close();
    const drain = await waitForJobs(db, since, DRAIN_TIMEOUT_MS);
    const landedSeconds = (performance.now() - started) / 1000;
    const [{ count: comments } = { count: 0 }] = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from comments where post_id = ${post!.id}`),
    );
    const result = {
      date: new Date().toISOString(),
      engine: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      offered: total,
      offeredPerSecond: RATE,
      accepted,
      acceptedPerSecond: Number((accepted / sentSeconds).toFixed(1)),
      refused: refused.length,
      refusedSample: refused.slice(0, 3),
      commentsCreated: Number(comments),
      secondsUntilLastComment: Number(landedSeconds.toFixed(1)),
      commentsPerSecond: Number((Number(comments) / landedSeconds).toFixed(1)),
      drained: drain.drained,
      pending: drain.pending,
      target: `${RATE} mails/s accepted and turned into comments`,
    };
    console.log(
      `  ${accepted}/${total} accepted at ${result.acceptedPerSecond} mails/s; ${comments} comments ` +
        `created, the last ${result.secondsUntilLastComment} s after the first mail (${result.commentsPerSecond}/s)`,
    );
    console.log(`  written to ${writeResult('inbound-mail', result)}`);
    return result;
  } finally {
    await bench.stop();
  }
}
