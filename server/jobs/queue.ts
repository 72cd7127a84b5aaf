import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, type JobResult, PgBoss, type QueuePolicy } from 'pg-boss';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../db/client';

/** Which run of a job this is: `final` when no retry follows if it fails. */
export interface JobAttempt {
  retryCount: number;
  final: boolean;
}

/**
 * The job being run: `id` and `queuedAt` are the same on every run of one job, so work that must
 * not be done twice (a mail written to the outbox) can be named after them.
 */
export interface JobRun extends JobAttempt {
  id: string;
  queuedAt: Date;
}

/** Jobs a worker takes from a queue at once by default (run one after another). */
const WORK_BATCH = 10;

/** A typed background job: its queue name, payload schema and retry policy. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  retryLimit?: number;
  /** Jobs taken at once (default 10); keep batchSize ÷ concurrency × the slowest job inside expireInSeconds. */
  batchSize?: number;
  /**
   * How many jobs of a batch run at the same time (default 1: one after another). Jobs that mostly
   * wait on another server (a mail handed to SMTP) drain a burst that many times faster.
   */
  concurrency?: number;
  /**
   * Independent workers this process runs for the queue (default 1), each fetching and running its
   * own batches. Unlike `concurrency`, a job that hangs holds up only its own worker: the others go
   * on taking new jobs (a link whose site never answers must not stall every other link's reading).
   */
  workers?: number;
  /** The first retry's delay; each later one roughly doubles (exponential backoff). */
  retryDelaySeconds?: number;
  /**
   * `exclusive`: at most one job per `key` queued or running, so enqueueing again while one waits
   * does nothing (pg-boss's default policy, `standard`, lets any number pile up).
   */
  policy?: Extract<QueuePolicy, 'standard' | 'exclusive'>;
  /** A job running longer than this is taken as lost (its worker died) and retried (pg-boss default: 15 min). */
  expireInSeconds?: number;
  /**
   * The worker running a job marks it alive every half this long (at least 10); a job not marked
   * for this long is taken as lost (its worker was killed) and retried well before expireInSeconds.
   * Found on the queue monitor's next pass (JOBS_MONITOR_INTERVAL_SECONDS).
   */
  heartbeatSeconds?: number;
  /** How long a finished job stays in the queue tables (pg-boss default: 7 days). */
  deleteAfterSeconds?: number;
  /**
   * Also run on a cron schedule (UTC), e.g. '17 * * * *' hourly. pg-boss keeps schedules in the
   * database and sends one job per tick however many processes run, so any worker may take it.
   */
  schedule?: { cron: string; payload: z.infer<S> };
  /** Idempotent: a crash mid-job means it runs again. */
  handle(payload: z.infer<S>, run: JobRun): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface Jobs {
  /**
   * Enqueues a job. Pass the transaction that wrote the row the job works on, so the job exists
   * exactly when the row does. `key` makes the enqueue idempotent (one job per key while queued).
   */
  enqueue<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    options?: { tx?: DbOrTx; key?: string; startAfterSeconds?: number },
  ): Promise<void>;
  /** Starts pg-boss (creating its schema on first run); `work` also starts the workers. */
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export function createJobs(
  database: Database,
  definitions: JobDefinition<z.ZodType>[],
  logger: FastifyBaseLogger,
  options: {
    pollingIntervalSeconds?: number;
    monitorIntervalSeconds?: number;
    /** Hears every job this process ran: its queue, how it ended and how long it took. */
    onSettled?: (queue: string, outcome: 'completed' | 'failed', seconds: number) => void;
  } = {},
): Jobs {
  const monitor = options.monitorIntervalSeconds ?? 30;
  const boss = new PgBoss({
    ...database.jobConnection,
    schema: 'pgboss',
    // The pass that fails jobs whose heartbeat or expiry ran out (pg-boss default: 60 s each).
    monitorIntervalSeconds: monitor,
    superviseIntervalSeconds: monitor,
    ...(database.kind === 'pglite' ? { backend: 'pglite' as const } : {}),
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  let started = false;

  return {
    async enqueue(job, payload, { tx, key, startAfterSeconds } = {}) {
      const data = job.schema.parse(payload) as object;
      await boss.send(job.name, data, {
        retryLimit: job.retryLimit ?? 5,
        retryDelay: job.retryDelaySeconds ?? 10,
        retryBackoff: true,
        ...(job.deleteAfterSeconds ? { deleteAfterSeconds: job.deleteAfterSeconds } : {}),
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
        ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
        ...(key ? { singletonKey: key } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
        ...(tx ? { db: fromDrizzle(tx as never, sql as never) } : {}),
      });
    },
    async start({ work }) {
      await boss.start();
      started = true;
      for (const job of definitions) {
        await boss.createQueue(job.name, job.policy ? { policy: job.policy } : {});
        // Fills pg-boss's queue cache now (creating a queue empties its entry). Otherwise the first
        // enqueue looks the queue up outside the caller's transaction, and on PGlite's one connection
        // that look-up waits for the very transaction it runs in (a process without workers hung).
        await boss.getJobById(job.name, randomUUID());
        if (job.schedule) {
          await boss.schedule(job.name, job.schedule.cron, job.schema.parse(job.schedule.payload) as object, {
            tz: 'UTC',
            retryLimit: job.retryLimit ?? 5,
            retryDelay: job.retryDelaySeconds ?? 10,
            retryBackoff: true,
            ...(job.deleteAfterSeconds ? { deleteAfterSeconds: job.deleteAfterSeconds } : {}),
          });
        }
      }
      if (!work) return;
      for (const job of definitions) {
        const retryLimit = job.retryLimit ?? 5;
        await boss.work(
          job.name,
          {
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            // A backlog drains without waiting a poll per job: while fetches come back full the
            // worker fetches again at once, and each job of a batch settles on its own.
            batchSize: job.batchSize ?? WORK_BATCH,
            burstWhenBatchFull: true,
            perJobResults: true,
            includeMetadata: true,
            localConcurrency: Math.max(1, job.workers ?? 1),
          },
          async (batch) => {
            const results: JobResult[] = [];
            const run = async (received: (typeof batch)[number]): Promise<JobResult> => {
              const started = process.hrtime.bigint();
              const result = await runOne(received);
              const seconds = Number(process.hrtime.bigint() - started) / 1e9;
              options.onSettled?.(job.name, result.status === 'failed' ? 'failed' : 'completed', seconds);
              return result;
            };
            const runOne = async (received: (typeof batch)[number]): Promise<JobResult> => {
              const payload = job.schema.safeParse(received.data);
              if (!payload.success) {
                logger.error({ job: job.name, id: received.id }, 'job payload is invalid; dropped');
                return { id: received.id, status: 'completed' };
              }
              try {
                await job.handle(payload.data, {
                  id: received.id,
                  queuedAt: received.createdOn,
                  retryCount: received.retryCount,
                  final: received.retryCount >= retryLimit,
                });
                return { id: received.id, status: 'completed' };
              } catch (error) {
                logger.warn({ job: job.name, id: received.id, err: error }, 'job failed; it will be retried');
                const message = error instanceof Error ? error.message : String(error);
                return { id: received.id, status: 'failed', output: { message } };
              }
            };
            // `concurrency` lanes take the batch's jobs in order; each job's result is its own.
            let next = 0;
            const lane = async () => {
              while (next < batch.length) results.push(await run(batch[next++]!));
            };
            await Promise.all(Array.from({ length: Math.max(1, job.concurrency ?? 1) }, lane));
            return results;
          },
        );
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
      started = false;
    },
  };
}
