import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { signUpBody } from '../../../tests/support/accounts';
import { parseEml } from '../../../tests/support/eml';
import { memberWithClient } from '../../../tests/support/factories';
import { createTestApp, type TestApp, waitForJobsDone } from '../../../tests/support/test-app';
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
          locale: 'en',
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

/**
 * The embedded default writes mail as .eml files. Invitees who sign up the moment their invitation
 * is made get two mails queued side by side, which the workers write in the same millisecond.
 */
describe('the outbox, when invitees sign up at once', () => {
  let app: TestApp;
  let outbox: string;
  beforeAll(async () => {
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-outbox-'));
    // Production's polling: the invitations and sign-ups gather into one fetch and run side by side.
    app = await createTestApp({ outbox, jobPollingIntervalSeconds: 2 });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('writes every invitation and every confirmation, each once', async () => {
    const { client } = await memberWithClient(app);
    const invitees = Array.from({ length: 8 }, (_, n) => `at-once-${n}@example.test`);
    for (const email of invitees) {
      const invited = await client.post('/api/invitations', { invitation: { email } });
      expect(invited.status).toBe(201);
      const signedUp = await app
        .client()
        .post('/api/users', signUpBody({ email, invitation_code: invited.body.code }));
      expect(signedUp.status).toBe(201);
    }
    const deadline = Date.now() + 30_000;
    while (app.mailer.sent.length < invitees.length * 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitForJobsDone(app, 'mail.send');

    const written = fs
      .readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => parseEml(fs.readFileSync(path.join(outbox, name), 'utf8')).headers);
    const byInvitee = (email: string) =>
      written
        .filter((headers) => headers.to === email)
        .map((headers) => headers.subject)
        .sort();
    for (const email of invitees) {
      expect(byInvitee(email), email).toEqual([
        'Confirm your email address for Hearth',
        "You're invited to join Hearth",
      ]);
    }
    expect(written).toHaveLength(invitees.length * 2);
  }, 60_000);
});
