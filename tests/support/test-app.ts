import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import type { MemoryMailer } from '../../server/adapters/mail';
import { createMailer } from '../../server/adapters/mail';
import { type Config, loadConfig } from '../../server/config/env';
import type { AppContext } from '../../server/context';
import { createLogger, startHearth } from '../../server/runtime';
import { openTestDatabase } from './test-database';
import { TestClient } from './test-client';

export interface TestApp {
  url: string;
  context: AppContext;
  mailer: MemoryMailer;
  /** The SMTP port replies by email go to, when the test asked for the listener (`inboundSmtp`). */
  smtpPort: number | null;
  /** A new browser-like client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * The rate limits' clock in tests: one fixed instant, half a minute into a minute, so no window of
 * any limit (one minute to one day) can end while a test counts requests against it.
 */
export const THROTTLE_NOW = Date.UTC(2030, 0, 15, 12, 0, 30);

export interface TestAppOptions {
  rateLimits?: boolean;
  /** The rate limits' clock; frozen at THROTTLE_NOW unless a test moves it. */
  throttleClock?: () => number;
  config?: Partial<Config>;
  /** Where the app's logs go (JSON lines), e.g. to assert what they do not contain. */
  logTo?: { stream: DestinationStream; level: Config['logLevel'] };
  /** How often idle workers poll for jobs (default 0.5 s; production polls every 2 s). */
  jobPollingIntervalSeconds?: number;
  /** Also write each mail as an .eml file here, as the embedded default does (see mailer kind `files`). */
  outbox?: string;
  /** Listen for replies by email on a free port of 127.0.0.1 (off by default: tests run side by side). */
  inboundSmtp?: boolean;
}

/**
 * Starts Hearth on a fresh copy of the migrated test database, listening on a random port,
 * with mail kept in memory (and in `outbox`, when given). Tests talk to it over real HTTP.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  // The production logger (with its redaction), silent unless a test or TEST_LOG_LEVEL asks.
  const logger = createLogger(
    {
      logLevel: options.logTo?.level ?? ((process.env.TEST_LOG_LEVEL ?? 'silent') as Config['logLevel']),
      logFormat: 'json',
    },
    options.logTo?.stream,
  );
  const base = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: '.tmp/test-data',
    INBOUND_SMTP_PORT: 'off',
  });
  const config: Config = {
    ...base,
    rateLimits: options.rateLimits ?? false,
    publicOrigin: 'http://hearth.test',
    // The slow-down after repeated sign-in failures is real, but kept short so tests stay fast.
    signInSlowDownMaxMs: 20,
    inboundMail: {
      ...base.inboundMail,
      replyDomain: 'hearth.test',
      smtp: options.inboundSmtp ? { port: 0, host: '127.0.0.1' } : null,
    },
    ...options.config,
  };
  const memory = createMailer({ kind: 'memory', from: config.mailFrom }, logger) as MemoryMailer;
  const files = options.outbox
    ? createMailer({ kind: 'files', dir: options.outbox, from: config.mailFrom }, logger)
    : null;
  const mailer: MemoryMailer = files
    ? {
        sent: memory.sent,
        async send(message, delivery) {
          await files.send(message, delivery);
          await memory.send(message);
        },
      }
    : memory;
  const hearth = await startHearth(config, {
    database,
    mailer,
    logger,
    jobPollingIntervalSeconds: options.jobPollingIntervalSeconds ?? 0.5,
    throttleClock: options.throttleClock ?? (() => THROTTLE_NOW),
  });
  const address = hearth.app!.server.address();
  if (!address || typeof address === 'string') throw new Error('test app is not listening');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    context: hearth.context,
    mailer,
    smtpPort: hearth.inboundSmtpPort,
    client: () => new TestClient(url, config.publicOrigin),
    async close() {
      await hearth.stop();
      await drop();
    },
  };
}

/** Waits until a mail to `to` has been sent (mail goes out through the job queue) and returns the last. */
export async function waitForMail(app: TestApp, to: string, { count = 1, timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = app.mailer.sent.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
    if (mails.length >= count) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until no job of this queue is waiting or running: after it, whatever those jobs would do
 * has been done (a test can then assert that nothing was mailed, without guessing a delay).
 */
export async function waitForJobsDone(app: TestApp, name: string | null, { timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  const ofQueue = name === null ? sql`true` : sql`name = ${name}`;
  for (;;) {
    const result = await app.context.db.execute(
      sql`select count(*)::int as pending from pgboss.job where ${ofQueue} and state in ('created', 'retry', 'active')`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      pending: number;
    }>;
    if (Number(rows[0]?.pending) === 0) return;
    if (Date.now() > deadline)
      throw new Error(`jobs of ${name ?? 'any queue'} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until no job of any queue is waiting or running. */
export function waitForAllJobsDone(app: TestApp, options?: { timeoutMs?: number }) {
  return waitForJobsDone(app, null, options);
}

/**
 * The ground for asserting that something was NOT mailed. `control` must make a mail to `controlTo`
 * travel the same road (request, account job, mail job) after the request under test; once that mail
 * has arrived and both queues are idle, whatever the earlier request would have sent has been sent
 * (`count`: the mails `controlTo` has by then, the control's included). A test that only slept would pass without checking anything whenever the jobs ran late.
 */
export async function afterMailControl(
  app: TestApp,
  controlTo: string,
  control: () => Promise<unknown>,
  { count = 1 } = {},
) {
  await control();
  await waitForMail(app, controlTo, { count });
  await waitForJobsDone(app, 'account.request');
  await waitForJobsDone(app, 'mail.send');
}
