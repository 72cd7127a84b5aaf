import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import Fastify from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { App, AppContext } from '../context';
import { rowsOf } from '../db/client';
import { notFound, registerErrorHandling, unauthorized } from './errors';

/** Route label of requests no route matched (the web app's pages, unknown paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/** pg-boss job states, as `hearth_jobs` reports them. */
const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** Compares two secrets in constant time (digests first, so unequal lengths leak nothing either). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token in `Authorization: Bearer <token>`, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * This process's metrics registry: Node's default process metrics plus Hearth's own. Every label
 * is a route pattern, a status class, a queue name or a fixed state: never a raw URL, an id or
 * anything a member wrote. Gauges read at scrape time (the job queue, the pool) cost one query.
 */
export function createMetrics(
  context: Pick<AppContext, 'db' | 'logger' | 'jobMetrics'> & { database?: AppContext['database'] },
  liveStreams: () => number,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of context.jobMetrics?.metrics ?? []) registry.registerMetric(metric);

  const requestDuration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class (2xx, 4xx…)',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'hearth_sse_connections',
    help: 'Live event streams (GET /api/events) open on this process',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });

  new Gauge({
    name: 'hearth_jobs',
    help: 'Background jobs kept in the queue tables, by queue and state (created and retry: waiting; finished jobs are kept 7 days unless the queue says otherwise)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const result = await context.db.execute(
          sql`select name, state::text as state, count(*)::int as jobs from pgboss.job group by name, state`,
        );
        for (const row of rowsOf<{ name: string; state: string; jobs: number }>(result)) {
          if ((JOB_STATES as readonly string[]).includes(row.state)) {
            this.set({ queue: row.name, state: row.state }, Number(row.jobs));
          }
        }
      } catch (error) {
        context.logger.warn({ err: error }, 'could not read the job queue for metrics');
      }
    },
  });

  // The kept answers (ADR 028, 031): how often each kind is served without the database. One cache
  // may serve both the members' and the public reads: each is counted once.
  const caches = context.database
    ? [...new Set([context.database.readCache, context.database.publicReadCache])]
    : [];
  new Counter({
    name: 'hearth_kept_reads_total',
    help: 'Hot reads answered from the kept answers (outcome="hit") or loaded from the database (outcome="miss"), by kind of read (session, timeline, published, group-role)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const cache of caches)
        for (const { kind, hits, misses } of cache.outcomes?.() ?? []) {
          this.inc({ kind, outcome: 'hit' }, hits);
          this.inc({ kind, outcome: 'miss' }, misses);
        }
    },
  });

  new Gauge({
    name: 'hearth_kept_reads_bytes',
    help: 'What the kept answers hold now, estimated in bytes (bounded by KEPT_READS_MAX_MB)',
    registers: [registry],
    collect() {
      this.set(caches.reduce((sum, cache) => sum + (cache.held?.().bytes ?? 0), 0));
    },
  });
  new Gauge({
    name: 'hearth_kept_reads_entries',
    help: 'How many answers are kept now',
    registers: [registry],
    collect() {
      this.set(caches.reduce((sum, cache) => sum + (cache.held?.().entries ?? 0), 0));
    },
  });

  // PostgreSQL only: PGlite runs in-process and has no pool.
  const client = (context.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    new Gauge({
      name: 'hearth_db_pool_connections',
      help: 'PostgreSQL pool connections of this process, by state (in_use, idle)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, client.totalCount - client.idleCount);
        this.set({ state: 'idle' }, client.idleCount);
      },
    });
    new Gauge({
      name: 'hearth_db_pool_waiting',
      help: 'Queries of this process waiting for a PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(client.waitingCount);
      },
    });
  }

  return { registry, requestDuration };
}

/**
 * GET /metrics in the Prometheus text format. Off (404) unless METRICS_TOKEN is set; then the
 * scraper must send `Authorization: Bearer <token>`. Every request is timed by route pattern.
 */
export function registerMetrics(app: App, context: AppContext, liveStreams: () => number) {
  const { registry, requestDuration } = createMetrics(context, liveStreams);
  const token = context.config.metricsToken;

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requestDuration.observe(
      { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (!token) throw notFound();
    const given = bearerToken(request.headers.authorization);
    if (!given || !sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
}

/**
 * A worker-only process has no web port: with METRICS_TOKEN and METRICS_PORT set, it serves the
 * same GET /metrics (same token, same figures, no live streams) on a listener of its own, which
 * answers nothing else. Answers the listener, to close on shutdown, or null when not configured.
 */
export async function serveWorkerMetrics(context: AppContext): Promise<App | null> {
  const { metricsPort, metricsToken, host } = context.config;
  if (metricsPort === null || !metricsToken) return null;
  const app = Fastify({ loggerInstance: context.logger, disableRequestLogging: true }) as unknown as App;
  registerErrorHandling(app);
  registerMetrics(app, context, () => 0);
  await app.listen({ port: metricsPort, host });
  context.logger.info(`metrics at http://${host}:${metricsPort}/metrics`);
  return app;
}
