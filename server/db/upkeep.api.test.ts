import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithClient } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { testEngine } from '../../tests/support/test-database';
import { jobDefinitions } from '../jobs/registry';
import { rowsOf } from './client';
import { DB_UPKEEP_JOB, keepUpTables } from './upkeep';

interface SessionsCounters {
  dead: number;
  vacuumed: boolean;
  reltuples: number;
}

async function sessionsCounters(app: TestApp): Promise<SessionsCounters> {
  await app.context.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = rowsOf<SessionsCounters>(
    await app.context.db.execute(sql`
      select s.n_dead_tup::int as dead, s.last_vacuum is not null as vacuumed, c.reltuples::float8 as reltuples
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and s.relname = 'sessions'`),
  );
  return { ...row!, reltuples: Number(row!.reltuples) };
}

// PostgreSQL's own autovacuum keeps its tables; the embedded engine's are this job's (ADR 066).
describe.runIf(testEngine() === 'pglite')('the embedded database’s upkeep (ADR 066)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('runs on the embedded engine only', () => {
    const names = (context: TestApp['context']) => jobDefinitions(context).map((job) => job.name);
    expect(names(app.context)).toContain(DB_UPKEEP_JOB);
    const onPostgres = { ...app.context, database: { ...app.context.database, kind: 'postgres' as const } };
    expect(names(onPostgres)).not.toContain(DB_UPKEEP_JOB);
  });

  it('reclaims the rows updates left behind and gathers statistics, once, keeping every kept answer', async () => {
    const { member } = await memberWithClient(app);
    // A first pass takes every table never vacuumed nor analysed, as a new database's are.
    await keepUpTables(app.context);
    // Sessions begun and ended (signed out, expired): each deleted row stays until a vacuum.
    await app.context.db.execute(sql`
      insert into sessions (user_id, token_hash, expires_at)
      select ${member.id}, 'upkeep-probe-' || n, now() + interval '1 day' from generate_series(1, 300) as n`);
    await app.context.db.execute(sql`delete from sessions where token_hash like 'upkeep-probe-%'`);
    const before = await sessionsCounters(app);
    expect(before.dead).toBeGreaterThanOrEqual(300);

    const cache = app.context.database.readCache;
    let loads = 0;
    // An answer read from the very table the upkeep vacuums.
    const load = async () => {
      await app.context.db.execute(sql`select count(*) from sessions`);
      return ++loads;
    };
    const key = 'upkeep-probe:one';
    // An answer is kept on its key's second read (ADR 064); the third is served from the cache.
    await cache.read(key, load);
    await cache.read(key, load);
    const kept = loads;
    await cache.read(key, load);
    expect(loads).toBe(kept);

    const done = await keepUpTables(app.context);
    expect(done).toContainEqual(
      expect.objectContaining({ schema: 'public', table: 'sessions', upkeep: 'vacuum' }),
    );
    const after = await sessionsCounters(app);
    expect(after.dead).toBe(0);
    expect(after.vacuumed).toBe(true);
    expect(after.reltuples).toBeGreaterThanOrEqual(1);
    // Reclaiming rows changes none: the kept answer is still served.
    await cache.read(key, load);
    expect(loads).toBe(kept);

    // Nothing changed since: nothing to do for the sessions table.
    const again = await keepUpTables(app.context);
    expect(again.map((each) => each.table)).not.toContain('sessions');

    // The positive control: a real write to a table does empty what was kept.
    await app.context.db.execute(sql`update sessions set user_agent = 'probe' where user_id = ${member.id}`);
    await cache.read(key, load);
    expect(loads).toBe(kept + 1);
  });
});
