import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../tests/support/test-database';
import { createJobs, defineJob } from './queue';

/** The queue itself, on the test database: backlogs drain in batches and each job settles alone. */
describe('job queue', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * Jobs are queued by one process before a worker process starts, so the worker meets a backlog.
   * A poll every 60 s: a worker that waited one poll per job could not finish within the test.
   */
  async function backlog(
    count: number,
    handle: (n: number, attempt: { retryCount: number }) => Promise<void>,
    pollingIntervalSeconds = 60,
  ) {
    const { database, drop } = await openTestDatabase();
    cleanups.push(drop);
    const job = defineJob({
      name: 'test.count',
      schema: z.object({ n: z.number() }),
      retryLimit: 2,
      retryDelaySeconds: 1,
      async handle({ n }, attempt) {
        await handle(n, attempt);
      },
    });
    const logger = pino({ level: 'silent' });
    const producer = createJobs(database, [job], logger, { pollingIntervalSeconds: 60 });
    await producer.start({ work: false });
    for (let n = 0; n < count; n++) await producer.enqueue(job, { n });
    await producer.stop();
    const worker = createJobs(database, [job], logger, { pollingIntervalSeconds });
    cleanups.push(() => worker.stop());
    await worker.start({ work: true });
  }

  async function until(condition: () => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('drains a backlog of 35 jobs in bursts, not one job per poll', async () => {
    const done = new Set<number>();
    await backlog(35, async (n) => {
      done.add(n);
    });
    await until(() => done.size === 35);
    expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 35 }, (_, n) => n));
  }, 60_000);

  it('retries only the job that failed; the rest of its batch completes once', async () => {
    const runs = new Map<number, number>();
    await backlog(
      6,
      async (n, { retryCount }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        if (n === 3 && retryCount === 0) throw new Error('transient');
      },
      1,
    ); // a retry waits for a poll
    await until(() => runs.get(3) === 2);
    // The positive control above happened; the others ran exactly once.
    expect([0, 1, 2, 4, 5].map((n) => runs.get(n))).toEqual([1, 1, 1, 1, 1]);
  }, 60_000);
});
