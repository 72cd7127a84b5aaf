import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invitations, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import {
  ageRow,
  confirmationCodeFrom,
  createInvitation,
  signUpBody,
  signUpThroughApi,
} from '../../../tests/support/accounts';
import { createMember, DEFAULT_PASSWORD, uniqueName } from '../../../tests/support/factories';
import { afterMailControl, createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';

const INVALID_INVITATION = { errors: { invitation_code: ['is invalid or has expired'] } };

describe('POST /api/users (sign-up by invitation)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const userRow = async (id: string) =>
    (await app.context.db.select().from(users).where(eq(users.id, id)))[0]!;
  const invitationRow = async (id: string) =>
    (await app.context.db.select().from(invitations).where(eq(invitations.id, id)))[0]!;

  it('creates an unconfirmed account, redeems the invitation and mails a confirmation code', async () => {
    const inviter = await createMember(app);
    const invitation = await createInvitation(app, { inviterId: inviter.id, email: 'someone@example.test' });
    const body = signUpBody({ invitation_code: invitation.code, email: ' New.Person@Example.TEST ' });
    const res = await app.client().post('/api/users', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username: body.user.username,
      email: 'new.person@example.test',
      message:
        'Welcome! A confirmation code has been sent to your email address. Enter it to activate your account.',
    });
    const user = await userRow(res.body.id);
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      invitedById: inviter.id,
      isAdmin: false,
      confirmedAt: null,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const redeemed = await invitationRow(invitation.id);
    expect(redeemed.recipientId).toBe(user.id);
    expect(redeemed.redeemedAt).toBeInstanceOf(Date);

    const mail = await waitForMail(app, 'new.person@example.test');
    expect(mail.subject).toBe('Confirm your email address for Hearth');
    const code = confirmationCodeFrom(mail);
    expect(mail.text).toContain(`http://hearth.test/email-confirmation?code=${code}`);
    expect(mail.html).toContain(code);
    expect(code).toMatch(/^[A-Za-z0-9_-]{27,}$/); // >= 160 bits, URL-safe
    expect(user.confirmationCodeHash).toBe(hashToken(code));
    // Not signed in, and cannot sign in before confirming.
    expect(res.headers.getSetCookie()).toEqual([]);
    const signIn = await app.client().post('/api/users/sign_in', {
      user: { email: 'new.person@example.test', password: DEFAULT_PASSWORD },
    });
    expect(signIn.status).toBe(403);
  });

  it('writes the confirmation in the language of the browser that signs up, and keeps it for later mail', async () => {
    const inviter = await createMember(app);
    const invitation = await createInvitation(app, { inviterId: inviter.id, email: 'someone@example.test' });
    const body = signUpBody({ invitation_code: invitation.code, email: 'neue.person@example.test' });
    const res = await app
      .client()
      .post('/api/users', body, { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    expect(res.status).toBe(201);
    expect((await userRow(res.body.id)).browserLocale).toBe('de');
    const mail = await waitForMail(app, 'neue.person@example.test');
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Hearth');
    expect(mail.text).toContain(
      'Meine E-Mail-Adresse bestätigen: http://hearth.test/email-confirmation?code=',
    );
    expect(mail.html).toContain('<html lang="de">');
  });

  it('stores blank names as null', async () => {
    const { res } = await signUpThroughApi(app, app.client(), { first_name: '  ', last_name: undefined });
    expect(res.status).toBe(201);
    const user = await userRow(res.body.id);
    expect(user.firstName).toBeNull();
    expect(user.lastName).toBeNull();
  });

  it('makes an admin from an invitation that grants it', async () => {
    const invitation = await createInvitation(app, { grantsAdmin: true });
    const res = await app.client().post('/api/users', signUpBody({ invitation_code: invitation.code }));
    expect(res.status).toBe(201);
    expect((await userRow(res.body.id)).isAdmin).toBe(true);
  });

  describe('refuses a missing, unknown, used or expired invitation code', () => {
    it('missing', async () => {
      for (const code of [undefined, null, '', '   ']) {
        const res = await app.client().post('/api/users', signUpBody({ invitation_code: code }));
        expect(res.status).toBe(422);
        expect(res.body).toEqual(INVALID_INVITATION);
      }
    });

    it('unknown', async () => {
      const res = await app.client().post('/api/users', signUpBody({ invitation_code: 'no-such-code' }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(INVALID_INVITATION);
    });

    it('used', async () => {
      const { invitation } = await signUpThroughApi(app, app.client());
      const res = await app.client().post('/api/users', signUpBody({ invitation_code: invitation.code }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(INVALID_INVITATION);
    });

    it('expired', async () => {
      const invitation = await createInvitation(app);
      await ageRow(app, 'invitations', 'expires_at', invitation.id, 30 * 24 + 1);
      const res = await app.client().post('/api/users', signUpBody({ invitation_code: invitation.code }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual(INVALID_INVITATION);
      expect((await invitationRow(invitation.id)).redeemedAt).toBeNull();
    });

    it('and creates no account and sends no mail', async () => {
      const body = signUpBody({ invitation_code: 'nope' });
      await app.client().post('/api/users', body);
      const rows = await app.context.db.select().from(users).where(eq(users.username, body.user.username));
      expect(rows).toHaveLength(0);
      // A sign-up that must be mailed goes the same way after it.
      const control = signUpBody({ invitation_code: (await createInvitation(app)).code });
      await afterMailControl(app, control.user.email, () => app.client().post('/api/users', control));
      expect(app.mailer.sent.filter((mail) => mail.to === body.user.email)).toHaveLength(0);
    });
  });

  it('refuses a taken username, case-insensitively, without spending the invitation', async () => {
    const existing = await createMember(app, { username: uniqueName('Taken') });
    const invitation = await createInvitation(app);
    const res = await app.client().post(
      '/api/users',
      signUpBody({
        username: existing.username.toUpperCase(),
        email: existing.email.toUpperCase(),
        invitation_code: invitation.code,
      }),
    );
    expect(res.status).toBe(422);
    // Only the username: an address that has an account is never named (ADR 014).
    expect(res.body).toEqual({ errors: { username: ['has already been taken'] } });
    expect((await invitationRow(invitation.id)).redeemedAt).toBeNull();
  });

  it('reveals no taken username or email to a visitor without an open invitation', async () => {
    const existing = await createMember(app);
    const res = await app
      .client()
      .post(
        '/api/users',
        signUpBody({ username: existing.username, email: existing.email, invitation_code: 'unknown' }),
      );
    expect(res.status).toBe(422);
    expect(res.body).toEqual(INVALID_INVITATION);
  });

  it('validates every field with field errors (422), never a 500', async () => {
    const invitation = await createInvitation(app);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ username: '' }, { username: ["can't be blank"] }],
      [{ username: 'ab' }, { username: ['is too short (minimum is 3 characters)'] }],
      [{ username: 'a'.repeat(31) }, { username: ['is too long (maximum is 30 characters)'] }],
      [{ username: 'bad name!' }, { username: ['may contain only letters, digits and underscores'] }],
      [{ email: '' }, { email: ["can't be blank"] }],
      [{ email: 'not-an-email' }, { email: ['is not a valid email address'] }],
      [{ password: '' }, { password: ["can't be blank"] }],
      [{ password: 'short' }, { password: ['is too short (minimum is 8 characters)'] }],
      [{ password: 'x'.repeat(129) }, { password: ['is too long (maximum is 128 characters)'] }],
      [{ first_name: 'x'.repeat(101) }, { first_name: ['is too long (maximum is 100 characters)'] }],
    ];
    for (const [override, errors] of cases) {
      const res = await app
        .client()
        .post('/api/users', signUpBody({ invitation_code: invitation.code, ...override }));
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body, JSON.stringify(override)).toEqual({ errors });
    }
    expect((await invitationRow(invitation.id)).redeemedAt).toBeNull();
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    for (const password of ['p'.repeat(8), 'p'.repeat(128)]) {
      const { res } = await signUpThroughApi(app, app.client(), { password });
      expect(res.status).toBe(201);
    }
  });

  it('answers malformed JSON, a missing wrapper and wrong types with 4xx', async () => {
    const client = app.client();
    const malformed = await client.post('/api/users', '{"user":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: expect.any(String) });
    const unwrapped = await client.post('/api/users', signUpBody().user);
    expect(unwrapped.status).toBe(422);
    expect(unwrapped.body.errors).toHaveProperty('user');
    const wrongTypes = await client.post('/api/users', {
      user: { username: 5, email: true, password: {}, first_name: 3, invitation_code: [] },
    });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(
      ['email', 'first_name', 'invitation_code', 'password', 'username'].sort(),
    );
    const empty = await client.post('/api/users');
    expect(empty.status).toBe(422);
    const huge = await client.post('/api/users', {
      user: { ...signUpBody().user, username: 'x'.repeat(2_000_000) },
    });
    expect(huge.status).toBe(413);
  });

  it('gives one account for 20 parallel sign-ups with one code', async () => {
    const invitation = await createInvitation(app);
    const bodies = Array.from({ length: 20 }, () => signUpBody({ invitation_code: invitation.code }));
    const responses = await Promise.all(bodies.map((body) => app.client().post('/api/users', body)));
    const created = responses.filter((res) => res.status === 201);
    const refused = responses.filter((res) => res.status === 422);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const res of refused) expect(res.body).toEqual(INVALID_INVITATION);
    const redeemed = await invitationRow(invitation.id);
    expect(redeemed.recipientId).toBe(created[0]!.body.id);
    for (const body of bodies) {
      const rows = await app.context.db.select().from(users).where(eq(users.username, body.user.username));
      expect(rows).toHaveLength(body.user.username === created[0]!.body.username ? 1 : 0);
    }
  });

  it('gives one account for parallel sign-ups racing for one username', async () => {
    const username = uniqueName('race');
    const bodies = await Promise.all(
      Array.from({ length: 8 }, async (_, index) =>
        signUpBody({
          username,
          email: `${username}_${index}@example.test`,
          invitation_code: (await createInvitation(app)).code,
        }),
      ),
    );
    const responses = await Promise.all(bodies.map((body) => app.client().post('/api/users', body)));
    expect(responses.filter((res) => res.status === 201)).toHaveLength(1);
    for (const res of responses.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { username: ['has already been taken'] } });
    }
    // The losers' invitations stay open.
    const open = await Promise.all(
      bodies.map(async (body) => {
        const [row] = await app.context.db
          .select()
          .from(invitations)
          .where(eq(invitations.codeHash, hashToken(body.user.invitation_code as string)));
        return row!.redeemedAt === null;
      }),
    );
    expect(open.filter(Boolean)).toHaveLength(7);
  });
});
