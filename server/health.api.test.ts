import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import packageJson from '../package.json' with { type: 'json' };
import { rowsOf } from './db/client';
import { createTestApp, type TestApp } from '../tests/support/test-app';
import { testEngine } from '../tests/support/test-database';

/**
 * /api/health, and proof that this run of the API suite used the engine it claims: the PostgreSQL
 * run must not quietly fall back to PGlite (the summary counts it as a PostgreSQL run).
 */
describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('reports ok, the running version and the engine this suite was asked for', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', version: packageJson.version, database: testEngine() });
  });

  it('talks to a server that is what it says', async () => {
    // A PostgreSQL server has other backends (checkpointer, walwriter …); PGlite runs alone in-process.
    const result = await app.context.db.execute(
      sql`select count(*)::int as others from pg_stat_activity where pid <> pg_backend_pid()`,
    );
    const others = Number(rowsOf<{ others: number }>(result)[0]?.others ?? 0);
    if (testEngine() === 'postgres') expect(others).toBeGreaterThan(0);
    else expect(others).toBe(0);
  });
});
