import path from 'node:path';
import pino, { type DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, type Mailer } from './adapters/mail';
import { createStorage } from './adapters/storage/create-storage';
import { buildApp, type App } from './app';
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

export interface Hearth {
  app: App | null;
  context: AppContext;
  stop(): Promise<void>;
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

/**
 * JSON lines for log collectors; readable lines when a person watches a terminal
 * (LOG_FORMAT=json|pretty overrides). Request addresses, cookies and token fields are redacted
 * here, once, for every process and test (server/lib/log-redaction.ts says why).
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): FastifyBaseLogger {
  const pretty =
    !destination && (config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY));
  const transport = pretty
    ? { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } }
    : undefined;
  const options = {
    level: config.logLevel,
    transport,
    serializers: logSerializers,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}

/** Starts the services this process runs: opens the database, migrates, and serves or works. */
export async function startHearth(config: Config, options: StartOptions = {}): Promise<Hearth> {
  const logger = options.logger ?? createLogger(config);
  const releases: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const release of releases.reverse()) await release();
    releases.length = 0;
  };

  try {
    let database = options.database;
    if (!database) {
      if (config.databaseUrl) {
        database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
      } else {
        releases.push(lockDataDir(config.dataDir));
        database = await openDatabase({
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'db'),
          onFailure: (error) =>
            logger.fatal({ err: error }, 'the embedded database stopped: requests that need it answer 503'),
        });
      }
      releases.push(() => database!.close());
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
    const storage = createStorage(config);
    if (storage.kind === 's3') releases.push(() => storage.close());
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
    };
    context.jobs = createJobs(database, jobDefinitions(context), logger, {
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    });
    await context.jobs.start({ work: config.services.includes('worker') });
    releases.push(() => context.jobs.stop());

    let app: App | null = null;
    if (config.services.includes('web')) {
      await ensureBootstrapInvitation(context);
      app = await buildApp(context);
      releases.push(() => closeGracefully(app!, SHUTDOWN_GRACE_MS));
      if (options.listen ?? true) await app.listen({ port: config.port, host: config.host });
    }
    return { app, context, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
