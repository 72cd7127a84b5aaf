import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { enqueueMail, MAIL_JOB_NAME } from './mail.job';

/** A burst of mail (an admin inviting a whole club) leaves in a few fetches, not one mail per poll. */
describe('a burst of 100 mails', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Workers poll as production's do (every 2 s): one mail per poll would take over 3 minutes.
    app = await createTestApp({ jobPollingIntervalSeconds: 2 });
  });
  afterAll(() => app.close());

  it('delivers every invitation, fetched 25 at a time', async () => {
    const to = Array.from({ length: 100 }, (_, n) => `burst-${n}@example.com`);
    await app.context.db.transaction(async (tx) => {
      for (const address of to) {
        await enqueueMail(app.context, tx, {
          template: 'invitation',
          to: address,
          code: 'CODE',
          inviterName: null,
        });
      }
    });
    const deadline = Date.now() + 60_000;
    const delivered = () =>
      new Set(app.mailer.sent.map((mail) => mail.to).filter((address) => to.includes(address)));
    while (delivered().size < to.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...delivered()].sort()).toEqual([...to].sort());
    expect(app.mailer.sent.filter((mail) => to.includes(mail.to))).toHaveLength(100); // each once

    // Jobs taken in one fetch share its start time: 100 jobs, batches of 25, so 4 fetch rounds.
    const rounds = rowsOf<{ rounds: number; jobs: number }>(
      await app.context.db.execute(sql`select count(distinct started_on)::int as rounds, count(*)::int as jobs
        from pgboss.job where name = ${MAIL_JOB_NAME} and data->>'to' like 'burst-%'`),
    )[0]!;
    expect(rounds.jobs).toBe(100);
    expect(rounds.rounds).toBeLessThanOrEqual(4);
  }, 90_000);
});
