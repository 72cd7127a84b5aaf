import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { App } from '../context';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { MIGRATIONS_DIR } from '../paths';
import { MESSAGES } from '../../shared/domain/messages';

/** How many migrations this build ships (drizzle's journal lists each one). */
function shippedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Whether this process can serve: the database answers and holds every migration this build ships
 * (a process of a newer build waits until its migrations have run). Answers the reason when not.
 */
export async function notReadyBecause(
  context: Pick<AppContext, 'db'>,
  shipped: number,
): Promise<string | null> {
  let applied: number;
  try {
    const result = await context.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    applied = Number(rowsOf<{ applied: number }>(result)[0]?.applied ?? 0);
  } catch {
    return 'database';
  }
  return applied >= shipped ? null : 'migrations';
}

/**
 * GET /api/health/ready: 200 when this process can take traffic, 503 in the error shape otherwise.
 * Load balancers and orchestrators route by it; /api/health stays the liveness check.
 */
export function registerReadiness(app: App, context: AppContext) {
  const shipped = shippedMigrations();
  app.get('/api/health/ready', async (request, reply) => {
    const reason = await notReadyBecause(context, shipped);
    if (reason) {
      request.log.warn({ reason }, 'not ready');
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ error: MESSAGES.serviceUnavailable });
    }
    return reply.header('cache-control', 'no-store').send({ status: 'ready' });
  });
}
