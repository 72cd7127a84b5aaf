import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail';
import type { Storage } from './adapters/storage/create-storage';
import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import type { Throttle } from './http/throttle';
import type { Sessions } from './http/auth';
import type { Jobs } from './jobs/queue';
import type { JobMetrics } from './http/job-metrics';

/** What every feature may use: built once in server/main.ts (or the test app) and passed down. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Uploaded files: the local disk or an S3-compatible bucket. */
  storage: Storage;
  jobs: Jobs;
  throttle: Throttle;
  logger: FastifyBaseLogger;
  /** This process's figures of the jobs it ran (for /metrics); absent in tests that build a context. */
  jobMetrics?: JobMetrics;
}

/** The Fastify instance every feature registers its routes on, typed by the zod contracts. */
// Fastify's server, request and reply generics stay open.
export type App = FastifyInstance<any, any, any, FastifyBaseLogger, ZodTypeProvider>;

/** Everything a feature's routes need: the app context plus the session mechanics. */
export interface RouteContext extends AppContext {
  sessions: Sessions;
}
