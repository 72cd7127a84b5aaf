import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnavailable } from '../http/errors';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { databaseUrl } from '../../tests/support/test-database';
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, openDatabase, rowsOf, STATEMENT_TIMEOUT_MS } from './client';

/**
 * PostgreSQL ends a statement of Hearth's pool that runs too long, and a transaction left idle, so
 * neither can hold a connection (and its request) for ever. PostgreSQL only: PGlite has no timer
 * to cancel a statement with.
 */
describe('statement and idle-in-transaction timeouts (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const onPostgres = () => app.context.database.kind === 'postgres';

  async function currentDatabase(): Promise<string> {
    const result = await app.context.db.execute(sql`select current_database() as name`);
    return rowsOf<{ name: string }>(result)[0]!.name;
  }

  it("sets both on every connection of the app's pool", async (test) => {
    if (!onPostgres()) return test.skip();
    expect(STATEMENT_TIMEOUT_MS).toBe(30_000);
    // Several at once, so more than one connection of the pool answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const result = await app.context.db.execute(
          sql`select current_setting('statement_timeout') as statement,
                     current_setting('idle_in_transaction_session_timeout') as idle,
                     current_setting('jit') as jit`,
        );
        return rowsOf<{ statement: string; idle: string; jit: string }>(result)[0];
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        statement: `${STATEMENT_TIMEOUT_MS / 1000}s`,
        idle: `${IDLE_IN_TRANSACTION_TIMEOUT_MS / 60_000}min`,
        jit: 'off',
      });
    }
  });

  it('cancels a statement past the timeout with a clean error the API answers as 503', async (test) => {
    if (!onPostgres()) return test.skip();
    const short = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(await currentDatabase()),
      max: 1,
      listens: false,
      statementTimeoutMs: 300,
    });
    try {
      const shown = await short.db.execute(sql`show statement_timeout`);
      expect(rowsOf<{ statement_timeout: string }>(shown)[0]!.statement_timeout).toBe('300ms');
      // Positive control: a statement inside the timeout runs.
      await short.db.execute(sql`select pg_sleep(0.05)`);

      const started = Date.now();
      const error = await short.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(error).toBeInstanceOf(Error);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? error;
      expect(cause).toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      });
      // The error handler's rule: a cancelled statement is the database being too busy, a 503.
      expect(isUnavailable(error)).toBe(true);
      // The connection is still good afterwards.
      await short.db.execute(sql`select 1`);
    } finally {
      await short.close();
    }
  });
});
