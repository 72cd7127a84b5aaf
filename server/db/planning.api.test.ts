import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { rowsOf } from './client';
import { PLAN_CACHE_MODE } from './planning';

/**
 * Hearth's statements are planned once per connection, not again for each run's values (ADR 063):
 * on both engines, every connection of the app plans with the parameters left open.
 */
describe('planning each statement once (both engines)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('sets the plan cache mode on every connection', async () => {
    expect(PLAN_CACHE_MODE).toBe('force_generic_plan');
    // Several at once, so more than one connection of a pool answers.
    const modes = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const result = await app.context.db.execute(sql`select current_setting('plan_cache_mode') as mode`);
        return rowsOf<{ mode: string }>(result)[0]!.mode;
      }),
    );
    expect(modes).toEqual(Array(4).fill('force_generic_plan'));
  });

  it('runs a prepared statement on its one plan, whatever values it is given', async () => {
    // One transaction: one connection, whose prepared statements the view lists.
    const plans = await app.context.db.transaction(async (tx) => {
      for (const name of ['ana', 'ben', 'cleo', 'dev', 'eli', 'fay', 'gus']) {
        await tx.execute(sql`select /* planning probe */ count(*) from users where username = ${name}`);
      }
      const result = await tx.execute(
        sql`select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where statement like ${'%/* planning probe */%'}
              and statement not like ${'%pg_prepared_statements%'}`,
      );
      return rowsOf<{ generic: number; custom: number }>(result);
    });
    // Left to PostgreSQL's choice, its first five runs would each have been planned for their values.
    expect(plans).toEqual([{ generic: 7, custom: 0 }]);
  });
});
