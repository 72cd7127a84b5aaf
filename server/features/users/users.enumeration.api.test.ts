import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations, users } from '../../db/schema';
import { createInvitation, signUpBody } from '../../../tests/support/accounts';
import { createMember, uniqueName } from '../../../tests/support/factories';
import { createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';
import type { TestResponse } from '../../../tests/support/test-client';

/**
 * No answer that must keep membership private may tell a known address from an unknown one: not by
 * status, body, headers, the invitation's state, nor time (ADR 014).
 */
describe('answers that reveal no membership', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** Headers that differ between any two answers (the clock, the connection). */
  const stable = (res: TestResponse) => {
    const headers = Object.fromEntries(res.headers.entries());
    delete headers.date;
    delete headers['keep-alive'];
    delete headers.connection;
    return headers;
  };

  describe('sign-up with an open invitation and an address that already has an account', () => {
    it('answers exactly as for a new account, spends the invitation and mails the owner', async () => {
      const owner = await createMember(app);
      const [takenInvitation, freshInvitation] = [await createInvitation(app), await createInvitation(app)];
      const takenBody = signUpBody({
        email: owner.email.toUpperCase(),
        invitation_code: takenInvitation.code,
      });
      const freshBody = signUpBody({ invitation_code: freshInvitation.code });

      const taken = await app.client().post('/api/users', takenBody);
      const fresh = await app.client().post('/api/users', freshBody);

      expect(taken.status).toBe(201);
      expect(fresh.status).toBe(201);
      const shape = (body: TestResponse['body'], email: string, username: string) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username,
        email,
        message: fresh.body.message,
      });
      expect(taken.body).toEqual(shape(taken.body, owner.email, takenBody.user.username));
      expect(fresh.body).toEqual(shape(fresh.body, freshBody.user.email, freshBody.user.username));
      expect(Object.keys(taken.body)).toEqual(Object.keys(fresh.body));
      expect(Object.keys(stable(taken)).sort()).toEqual(Object.keys(stable(fresh)).sort());

      // Both invitations are spent: the inviter's list cannot tell the cases apart either.
      const [spent] = await app.context.db
        .select()
        .from(invitations)
        .where(eq(invitations.id, takenInvitation.id));
      expect(spent!.redeemedAt).toBeInstanceOf(Date);
      // No second account, and the owner's account is untouched.
      const rows = await app.context.db.select().from(users).where(eq(users.email, owner.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.passwordHash).toBe(owner.passwordHash);

      const notice = await waitForMail(app, owner.email);
      expect(notice.subject).toBe('Someone tried to sign up to Hearth with your address');
      expect(notice.text).toContain('http://hearth.test/signin');
      expect(notice.text).toContain('http://hearth.test/password-request');
      expect(notice.text).not.toMatch(/email-confirmation\?code=/);
    });

    it('still reports a taken username (usernames are public on profiles)', async () => {
      const existing = await createMember(app, { username: uniqueName('Public') });
      const invitation = await createInvitation(app);
      const res = await app
        .client()
        .post('/api/users', signUpBody({ username: existing.username, invitation_code: invitation.code }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { username: ['has already been taken'] } });
    });
  });

  describe.each([
    ['POST /api/users/password (reset request)', '/api/users/password'],
    ['POST /api/users/confirmation (resend)', '/api/users/confirmation'],
  ])('%s', (_name, path) => {
    it('takes the same path for a known and an unknown address: one job queued either way', async () => {
      const member = await createMember(app, { confirmedAt: null });
      const enqueue = vi.spyOn(app.context.jobs, 'enqueue');
      try {
        const known = await app.client().post(path, { user: { email: member.email } });
        const unknown = await app
          .client()
          .post(path, { user: { email: `${uniqueName('ghost')}@example.test` } });
        expect(unknown.status).toBe(known.status);
        expect(unknown.body).toEqual(known.body);
        expect(stable(unknown)).toEqual(stable(known));
        // Only the request path's own enqueues: the worker may already be queueing the known one's mail.
        const calls = enqueue.mock.calls.filter(([job]) => job.name === 'account.request');
        expect(calls).toHaveLength(2);
        const [first, second] = calls;
        expect(Object.keys(second![1] as object)).toEqual(Object.keys(first![1] as object));
      } finally {
        enqueue.mockRestore();
      }
    });

    it('takes as long for a known address as for an unknown one (the median difference of 30 interleaved pairs)', async () => {
      // Measured on an app whose workers do not poll again after starting: only a known address's
      // job has work to do (a code, a mail), and run alongside, it would slow whichever request
      // came next, so the medians would weigh the machine's load rather than the request path.
      const quiet = await createTestApp({ jobPollingIntervalSeconds: 3600 });
      try {
        await compareTimes(quiet, path);
      } finally {
        await quiet.close();
      }
    });
  });

  /** 30 interleaved pairs of requests to `path`, for a known and an unknown address, compared pair by pair. */
  async function compareTimes(app: TestApp, path: string) {
    const member = await createMember(app, { confirmedAt: null });
    const client = app.client();
    const time = async (email: string) => {
      const start = performance.now();
      const res = await client.post(path, { user: { email } });
      const elapsed = performance.now() - start;
      expect(res.status).toBe(200);
      return elapsed;
    };
    const ghost = (index: number) => `ghost_${index}_${uniqueName('t')}@example.test`;
    // Warm up both paths (JIT, prepared statements, connection) before measuring.
    for (let index = 0; index < 8; index += 1) {
      await time(member.email);
      await time(ghost(index));
    }
    // Each pair's difference: a load spike during one pair moves both of its requests alike, so it
    // cancels out of the difference, where it would shift one median against the other.
    const differences: number[] = [];
    const all: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      // Alternate which goes first, so a drift in load weighs on both alike.
      let knownTime: number;
      let unknownTime: number;
      if (index % 2 === 0) {
        knownTime = await time(member.email);
        unknownTime = await time(ghost(index));
      } else {
        unknownTime = await time(ghost(index));
        knownTime = await time(member.email);
      }
      differences.push(knownTime - unknownTime);
      all.push(knownTime, unknownTime);
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    const typical = median(all);
    const bound = Math.max(2, 0.25 * typical);
    expect(
      Math.abs(median(differences)),
      `median difference ${median(differences).toFixed(2)} ms, median request ${typical.toFixed(2)} ms`,
    ).toBeLessThan(bound);
  }
});
