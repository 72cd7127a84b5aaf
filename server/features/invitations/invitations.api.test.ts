import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations, users } from '../../db/schema';
import { ageRow, createInvitation, signUpBody } from '../../../tests/support/accounts';
import { memberWithClient } from '../../../tests/support/factories';
import { createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';

const INVALID = { valid: false, error: 'Invalid invitation code' };
const QUOTA = { errors: { base: ['You can have at most 10 open invitations.'] } };

describe('invitations', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const check = (code: unknown) => app.client().post('/api/check_invitation', { invitation: { code } });

  describe('POST /api/check_invitation', () => {
    it('is 200 {valid:true} for an open code', async () => {
      const invitation = await createInvitation(app);
      const res = await check(invitation.code);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: true });
    });

    it('trims the code', async () => {
      const invitation = await createInvitation(app);
      expect((await check(`  ${invitation.code}\n`)).body).toEqual({ valid: true });
    });

    it('is 404 {valid:false, error} for an unknown, used or expired code', async () => {
      const used = await createInvitation(app);
      expect((await app.client().post('/api/users', signUpBody({ invitation_code: used.code }))).status).toBe(
        201,
      );
      const expired = await createInvitation(app);
      await ageRow(app, 'invitations', 'expires_at', expired.id, 30 * 24 + 1);
      for (const code of ['unknown-code', used.code, expired.code, used.code.toUpperCase()]) {
        const res = await check(code);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(INVALID);
      }
    });

    it('is 422 for a blank code and 4xx for bad bodies', async () => {
      const blank = await check('  ');
      expect(blank.status).toBe(422);
      expect(blank.body).toEqual({ errors: { code: ["can't be blank"] } });
      expect((await app.client().post('/api/check_invitation', { code: 'x' })).status).toBe(422);
      expect((await check(123)).status).toBe(422);
      const malformed = await app
        .client()
        .post('/api/check_invitation', 'not json', { headers: { 'content-type': 'application/json' } });
      expect(malformed.status).toBe(400);
    });
  });

  describe('POST /api/invitations', () => {
    it('creates an invitation (201) and mails its link', async () => {
      const { member, client } = await memberWithClient(app, { firstName: 'Rosa', lastName: 'Parks' });
      const res = await client.post('/api/invitations', { invitation: { email: ' Friend@Example.TEST ' } });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        email: 'friend@example.test',
        code: expect.stringMatching(/^[A-Za-z0-9_-]{27,}$/),
        url: `http://hearth.test/invitation?code=${res.body.code}`,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        redeemed: false,
        recipient_id: null,
      });
      const days = (Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000;
      expect(days).toBeCloseTo(30, 3);
      const [row] = await app.context.db.select().from(invitations).where(eq(invitations.id, res.body.id));
      expect(row).toMatchObject({ inviterId: member.id, grantsAdmin: false });

      const mail = await waitForMail(app, 'friend@example.test');
      expect(mail.subject).toBe("You're invited to join Hearth");
      expect(mail.text).toContain('Rosa Parks has invited you');
      expect(mail.text).toContain(res.body.url);
      expect(mail.html).toContain(res.body.url);
      expect((await check(res.body.code)).body).toEqual({ valid: true });
    });

    it('lets a member hold at most 10 open invitations', async () => {
      const { client } = await memberWithClient(app);
      for (let i = 0; i < 10; i++) {
        const res = await client.post('/api/invitations', { invitation: { email: `q${i}@example.test` } });
        expect(res.status).toBe(201);
      }
      const res = await client.post('/api/invitations', { invitation: { email: 'eleventh@example.test' } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(QUOTA);
    });

    it('counts only open invitations: redeemed and expired ones free a place', async () => {
      const { client } = await memberWithClient(app);
      const created = [];
      for (let i = 0; i < 10; i++) {
        created.push(
          (await client.post('/api/invitations', { invitation: { email: `f${i}@example.test` } })).body,
        );
      }
      expect(
        (await client.post('/api/invitations', { invitation: { email: 'x@example.test' } })).status,
      ).toBe(422);
      await app.client().post('/api/users', signUpBody({ invitation_code: created[0].code }));
      expect(
        (await client.post('/api/invitations', { invitation: { email: 'y@example.test' } })).status,
      ).toBe(201);
      await ageRow(app, 'invitations', 'expires_at', created[1].id, 30 * 24 + 1);
      expect(
        (await client.post('/api/invitations', { invitation: { email: 'z@example.test' } })).status,
      ).toBe(201);
      expect(
        (await client.post('/api/invitations', { invitation: { email: 'w@example.test' } })).status,
      ).toBe(422);
    });

    it('holds the quota when requests race', async () => {
      const { member, client } = await memberWithClient(app);
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          client.post('/api/invitations', { invitation: { email: `r${i}@example.test` } }),
        ),
      );
      expect(results.filter((res) => res.status === 201)).toHaveLength(10);
      expect(results.filter((res) => res.status === 422)).toHaveLength(6);
      const rows = await app.context.db
        .select()
        .from(invitations)
        .where(eq(invitations.inviterId, member.id));
      expect(rows).toHaveLength(10);
    });

    it('gives admins no limit', async () => {
      const { client } = await memberWithClient(app, { isAdmin: true });
      for (let i = 0; i < 12; i++) {
        const res = await client.post('/api/invitations', { invitation: { email: `a${i}@example.test` } });
        expect(res.status).toBe(201);
      }
    });

    it('validates the email', async () => {
      const { client } = await memberWithClient(app);
      const invalid = await client.post('/api/invitations', { invitation: { email: 'nope' } });
      expect(invalid.status).toBe(422);
      expect(invalid.body).toEqual({ errors: { email: ['is not a valid email address'] } });
      const blank = await client.post('/api/invitations', { invitation: { email: '' } });
      expect(blank.body).toEqual({ errors: { email: ["can't be blank"] } });
      const unwrapped = await client.post('/api/invitations', { email: 'a@example.test' });
      expect(unwrapped.status).toBe(422);
      expect(unwrapped.body.errors).toHaveProperty('invitation');
    });

    it('is 401 when signed out, even with a bad body', async () => {
      const res = await app.client().post('/api/invitations', { invitation: { email: 'a@example.test' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'You need to sign in or sign up before continuing.' });
      expect((await app.client().post('/api/invitations', { nonsense: true })).status).toBe(401);
    });
  });

  describe('GET /api/invitations', () => {
    it('lists the member’s own invitations, newest first, with the recipient once redeemed', async () => {
      const { client } = await memberWithClient(app);
      const { client: other } = await memberWithClient(app);
      await other.post('/api/invitations', { invitation: { email: 'not-mine@example.test' } });
      const first = (await client.post('/api/invitations', { invitation: { email: 'one@example.test' } }))
        .body;
      const second = (await client.post('/api/invitations', { invitation: { email: 'two@example.test' } }))
        .body;
      const signUp = await app.client().post('/api/users', signUpBody({ invitation_code: first.code }));

      const res = await client.get('/api/invitations');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-has-next-page')).toBe('false');
      expect(res.body.map((item: { email: string }) => item.email)).toEqual([
        'two@example.test',
        'one@example.test',
      ]);
      // Codes are shown once (POST's answer): the list has code and url null.
      expect(res.body[0]).toEqual({ ...second, code: null, url: null });
      // Redeemed, but whose it is shows only once they confirm (ADR 014: a probe cannot tell).
      const listed = { ...first, code: null, url: null, redeemed: true };
      expect(res.body[1]).toEqual({ ...listed, recipient_id: null });
      await app.context.db.update(users).set({ confirmedAt: new Date() }).where(eq(users.id, signUp.body.id));
      const after = await client.get('/api/invitations');
      expect(after.body[1]).toEqual({ ...listed, recipient_id: signUp.body.id });
    });

    it('is empty for a member without invitations', async () => {
      const { client } = await memberWithClient(app);
      const res = await client.get('/api/invitations');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('pages with ?after= and the cursor headers', async () => {
      const { client } = await memberWithClient(app, { isAdmin: true });
      const emails = Array.from({ length: 5 }, (_, i) => `page${i}@example.test`);
      for (const email of emails) await client.post('/api/invitations', { invitation: { email } });
      const seen: string[] = [];
      let after = '';
      for (;;) {
        const res = await client.get(`/api/invitations?limit=2${after ? `&after=${after}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.map((item: { email: string }) => item.email));
        if (res.headers.get('x-has-next-page') !== 'true') break;
        after = res.headers.get('x-next-cursor')!;
      }
      expect(seen).toEqual([...emails].reverse());
      expect((await client.get('/api/invitations?after=garbage')).status).toBe(422);
    });

    it('is 401 when signed out', async () => {
      const res = await app.client().get('/api/invitations');
      expect(res.status).toBe(401);
    });
  });
});
