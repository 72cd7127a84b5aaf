import path from 'node:path';
import pino, { type DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, type Mailer } from './adapters/mail';
import { createStorage } from './adapters/storage/create-storage';
import { buildApp } from './app';
import type { App } from './context';
import type { Config } from './config/env';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import {
  ensureBootstrapInvitation,
  hashLegacyInvitationCodes,
} from './features/invitations/invitations.service';
import { createThrottle } from './http/throttle';
import { LOG_REDACT_PATHS, logSerializers, REDACTED } from './lib/log-redaction';
import { createJobs } from './jobs/queue';
import { jobDefinitions } from './jobs/registry';
import { createJobMetrics } from './http/job-metrics';
import { serveWorkerMetrics } from './http/metrics';
import { listenForQueuedPushes } from './features/push/push.job';

export interface Hearth {
  app: App | null;
  /** The port replies by email arrive on (ADR 054), when this process listens for them. */
  inboundSmtpPort: number | null;
  context: AppContext;
  stop(): Promise<void>;
  /** What a stop under way is waiting on ('jobs', 'database', …), or null. */
  stopping(): string | null;
}

export interface StartOptions {
  logger?: FastifyBaseLogger;
  /** An already-open database (tests); otherwise opened from the configuration. */
  database?: Database;
  mailer?: Mailer;
  listen?: boolean;
  jobPollingIntervalSeconds?: number;
  /** The rate limits' clock (tests freeze it, so a run that crosses a window boundary stays true). */
  throttleClock?: () => number;
}

/** How long in-flight requests get to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 5000;

/**
 * Stops taking connections and waits for requests in flight, but not forever: a client that never
 * finishes sending (a refused upload still streaming, a stalled keep-alive) is cut after `graceMs`,
 * so a shutdown always ends.
 */
export async function closeGracefully(app: App, graceMs: number): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

/** The most log output held in memory while the log reader is not reading; lines past it are dropped. */
export const LOG_BUFFER_BYTES = 1024 * 1024;

/** How long the last log lines get at exit to reach a reader that is not reading. */
export const LOG_FLUSH_MS = 2000;

const logClosers = new WeakMap<FastifyBaseLogger, (graceMs: number) => Promise<boolean>>();

/**
 * Writes what is still buffered and waits for it, but at most `graceMs`: a log reader that stopped
 * reading (a full pipe) must not keep the process from exiting. Past the grace, the unwritten lines
 * are given up and the exit-time synchronous flush is disabled, since it would only wait on that
 * reader again (up to LOG_FLUSH_MS more). Resolves true when everything was written. Loggers passed
 * in by tests resolve at once.
 */
export async function flushLogger(logger: FastifyBaseLogger, graceMs = LOG_FLUSH_MS): Promise<boolean> {
  return (await logClosers.get(logger)?.(graceMs)) ?? true;
}

function within<T>(promise: Promise<T>, ms: number, timedOut: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), ms);
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * JSON lines for log collectors; readable lines when a person watches a terminal
 * (LOG_FORMAT=json|pretty overrides). Request addresses, cookies and token fields are redacted
 * here, once, for every process and test (server/lib/log-redaction.ts says why).
 *
 * Logging never blocks a request. JSON lines go to stdout through an asynchronous destination: a
 * reader that stops reading (a full pipe, a stalled collector) leaves lines waiting in memory, up to
 * `LOG_BUFFER_BYTES`; lines past that are dropped and counted, and once the reader catches up one
 * warning says how many were lost. A synchronous write would instead stop the whole process on the
 * full pipe, health checks and shutdown included. The pretty format writes from a worker thread.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    serializers: logSerializers,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
  };
  if (destination) return pino(options, destination) as unknown as FastifyBaseLogger;

  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY);
  if (pretty) {
    const transport = pino.transport({
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
    });
    const logger = pino(options, transport) as unknown as FastifyBaseLogger;
    logClosers.set(logger, async (graceMs) => {
      const flushed = await within(
        new Promise<boolean>((resolve) => transport.flush(() => resolve(true))),
        graceMs,
        false,
      );
      if (!flushed) transport.flushSync = () => undefined;
      return flushed;
    });
    return logger;
  }

  // pino writes what is still buffered synchronously as the process exits (`flushSync`), and
  // sonic-boom retries a full pipe (EAGAIN) every 100 ms, sleeping on a futex, for as long as it
  // stays full: into a reader that stopped reading, forever. Seen in the field as a stopped server
  // that never exited, its main thread waiting on a futex. Every way out (a stop, the stop's
  // deadline, a crash, a failed start) passes there, so that flush gets LOG_FLUSH_MS and the rest is
  // dropped. While the process runs, a full pipe is retried for as long as it takes (without blocking).
  let retryUntil = Infinity;
  const stream = pino.destination({
    dest: 1,
    sync: false,
    maxLength: LOG_BUFFER_BYTES,
    retryEAGAIN: () => Date.now() < retryUntil,
  });
  const flushAll = stream.flushSync.bind(stream);
  stream.flushSync = () => {
    retryUntil = Date.now() + LOG_FLUSH_MS;
    try {
      flushAll();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') throw error;
    } finally {
      retryUntil = Infinity;
    }
  };
  const logger = pino(options, stream) as unknown as FastifyBaseLogger;
  let dropped = 0;
  stream.on('drop', () => {
    dropped += 1;
  });
  stream.on('drain', () => {
    if (dropped === 0) return;
    logger.warn({ dropped }, 'log lines were dropped: the log reader was not reading');
    dropped = 0;
  });
  logClosers.set(logger, async (graceMs) => {
    const closed = new Promise<boolean>((resolve) => stream.once('close', () => resolve(true)));
    stream.end();
    const flushed = await within(closed, graceMs, false);
    // pino flushes synchronously at exit; the reader has had its grace, so that flush is skipped.
    if (!flushed) stream.flushSync = () => undefined;
    return flushed;
  });
  return logger;
}

/** Starts the services this process runs: opens the database, migrates, and serves or works. */
export async function startHearth(config: Config, options: StartOptions = {}): Promise<Hearth> {
  const logger = options.logger ?? createLogger(config);
  /** What to release at stop, last opened first; named, so a stop that hangs says where. */
  const releases: Array<{ name: string; run: () => Promise<void> | void }> = [];
  let releasing: string | null = null;
  const stop = async () => {
    for (const release of releases.reverse()) {
      releasing = release.name;
      await release.run();
    }
    releasing = null;
    releases.length = 0;
  };
  const stopping = () => releasing;

  try {
    let database = options.database;
    if (!database) {
      if (config.databaseUrl) {
        database = await openDatabase({
          kind: 'postgres',
          url: config.databaseUrl,
          keptReadsMaxBytes: config.memory.keptReadsMaxBytes,
        });
      } else {
        releases.push({ name: 'data folder lock', run: lockDataDir(config.dataDir) });
        database = await openDatabase({
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'db'),
          keptReadsMaxBytes: config.memory.keptReadsMaxBytes,
          sharedBuffersMb: config.memory.pgliteSharedBuffersMb,
          onFailure: (error) =>
            logger.fatal({ err: error }, 'the embedded database stopped: requests that need it answer 503'),
        });
      }
      releases.push({ name: 'database', run: () => database!.close() });
    }
    await database.migrate();
    // Invitation codes from before they were stored hashed: hash them now, before any request can
    // look one up (ADR 004). Idempotent, so every start may run it.
    const hashed = await hashLegacyInvitationCodes(database.db);
    if (hashed > 0) logger.info({ hashed }, 'stored plaintext invitation codes as hashes');
    if (!database.hasVector) {
      logger.warn('the pgvector extension is not available: search uses full text only');
    }

    const mailer =
      options.mailer ??
      createMailer(
        config.smtpUrl
          ? { kind: 'smtp', url: config.smtpUrl, from: config.mailFrom }
          : { kind: 'files', dir: path.join(config.dataDir, 'mail'), from: config.mailFrom },
        logger,
      );
    const storage = await createStorage(config);
    if (storage.kind === 's3') releases.push({ name: 'storage', run: () => storage.close() });
    const jobMetrics = createJobMetrics();
    const context: AppContext = {
      config,
      database,
      db: database.db,
      mailer,
      storage,
      logger,
      throttle: createThrottle(database.db, {
        enabled: config.rateLimits,
        now: options.throttleClock,
        limits: { publishedIp: { max: config.publishedRateLimit, windowSeconds: 60 } },
      }),
      jobs: undefined as never,
      jobMetrics,
    };
    context.jobs = createJobs(database, jobDefinitions(context), logger, {
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
      monitorIntervalSeconds: config.jobsMonitorIntervalSeconds,
      onSettled: jobMetrics.record,
    });
    await context.jobs.start({ work: config.services.includes('worker') });
    releases.push({ name: 'jobs', run: () => context.jobs.stop() });
    if (config.services.includes('worker')) {
      const stopPushes = await listenForQueuedPushes(context);
      releases.push({ name: 'push dispatch', run: stopPushes });
    }

    // Replies by email arrive where the worker runs: the job that turns them into comments is there.
    let inboundSmtpPort: number | null = null;
    if (config.services.includes('worker') && config.inboundMail.smtp && (options.listen ?? true)) {
      // Loaded only here: the SMTP server and its parser are of no use to a process without it.
      const { startInboundSmtp } = await import('./features/replies/inbound-smtp');
      const inbound = await startInboundSmtp(context, config.inboundMail.smtp);
      inboundSmtpPort = inbound.port;
      releases.push({ name: 'inbound SMTP', run: () => inbound.close() });
    }

    let app: App | null = null;
    if (config.services.includes('web')) {
      await ensureBootstrapInvitation(context);
      app = await buildApp(context);
      releases.push({ name: 'requests in flight', run: () => closeGracefully(app!, SHUTDOWN_GRACE_MS) });
      if (options.listen ?? true) await app.listen({ port: config.port, host: config.host });
    } else if (options.listen ?? true) {
      const metrics = await serveWorkerMetrics(context);
      if (metrics) releases.push({ name: 'metrics', run: () => metrics.close() });
    }
    return { app, inboundSmtpPort, context, stop, stopping };
  } catch (error) {
    await stop();
    throw error;
  }
}
