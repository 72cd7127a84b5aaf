import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../tests/support/factories';
import { databaseUrl } from '../../tests/support/test-database';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { rowsOf } from './client';
import { timelineQuery } from '../features/posts/posts.repo';
import { PreparingClient, statementName } from './pg-statements';

/**
 * PostgreSQL: the pool's connections send Hearth's parameterised statements as named ones, so each
 * connection parses and plans a statement once (ADR 028). Nothing to check on PGlite, whose thread
 * prepares its own statements (pglite-statements.api.test.ts).
 */
describe('prepared statements on PostgreSQL', () => {
  let app: TestApp;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    if (app.context.database.kind !== 'postgres') return;
    const [current] = rowsOf<{ name: string }>(
      await app.context.db.execute(sql`select current_database() as name`),
    );
    // One connection, so every statement below meets the ones before it.
    pool = new pg.Pool({ Client: PreparingClient, connectionString: databaseUrl(current!.name), max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await app.close();
  });

  const prepared = async (client: pg.Pool | pg.PoolClient) =>
    (
      await client.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows;

  it('prepares the app’s parameterised statements by their text, once per connection', async (context) => {
    if (app.context.database.kind !== 'postgres') return context.skip();
    const found = await app.context.db.transaction(async (tx) => {
      await tx.execute(sql`select ${41}::int + 1 as answer`);
      await tx.execute(sql`select ${1}::int + 1 as answer`);
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements`),
      );
    });
    expect(found).toContainEqual({
      name: statementName('select $1::int + 1 as answer'),
      statement: 'select $1::int + 1 as answer',
    });
    // A statement with no parameter (which may hold several) is sent as it is.
    expect(found.some((row) => row.statement.includes('pg_prepared_statements'))).toBe(false);
  });

  it('settles the timeline’s statement on one generic plan, so a page is not planned again', async () => {
    // On both engines: statements are prepared by text, and the page's LIMIT is in the text.
    const { db } = app.context;
    const viewer = await createMember(app);
    const filter = { viewerId: viewer.id, cursor: null, limit: 20 };
    const text = timelineQuery(db, filter).toSQL().sql;
    const plans = await db.transaction(async (tx) => {
      for (let run = 0; run < 8; run++) await timelineQuery(tx, filter);
      return rowsOf<{ generic: number; custom: number }>(
        await tx.execute(
          sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = ${text}`,
        ),
      );
    });
    expect(plans).toHaveLength(1);
    expect(plans[0]!.generic).toBeGreaterThan(0);
  });

  it('answers through the pool’s callback and promise forms, and runs several statements without parameters', async (context) => {
    if (!pool) return context.skip();
    expect((await pool.query('select $1::text as said', ['hello'])).rows).toEqual([{ said: 'hello' }]);
    const viaCallback = await new Promise<unknown>((resolve, reject) =>
      pool!.query('select $1::int * 2 as twice', [21], (error, result) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(viaCallback).toEqual([{ twice: 42 }]);
    const several = await pool.query('select 1 as one; select 2 as two');
    expect(Array.isArray(several)).toBe(true);
    expect((await prepared(pool)).map((row) => row.name)).toEqual(
      expect.arrayContaining([
        statementName('select $1::text as said'),
        statementName('select $1::int * 2 as twice'),
      ]),
    );
  });

  it('prepares a statement again, once, when a table changed under it', async (context) => {
    if (!pool) return context.skip();
    await pool.query('create table prepared_probe (a int)');
    await pool.query('insert into prepared_probe values ($1)', [7]);
    const text = 'select * from prepared_probe where a = $1';
    expect((await pool.query(text, [7])).rows).toEqual([{ a: 7 }]);
    await pool.query('alter table prepared_probe add column b text default $$added$$');
    expect((await pool.query(text, [7])).rows).toEqual([{ a: 7, b: 'added' }]);
    await new Promise<void>((resolve, reject) =>
      pool!.query('alter table prepared_probe add column c int default 3', (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    const viaCallback = await new Promise<unknown>((resolve, reject) =>
      pool!.query(text, [7], (error, result) => (error ? reject(error) : resolve(result.rows))),
    );
    expect(viaCallback).toEqual([{ a: 7, b: 'added', c: 3 }]);
    // Any other error is the caller's, as it was.
    await expect(pool.query('select * from prepared_probe where a = $1', ['not a number'])).rejects.toThrow(
      /invalid input syntax/,
    );
  });
});
