import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/auth';
import { hashToken } from '../../lib/tokens';
import {
  ageRow,
  confirmationCodeFrom,
  resetTokenFrom,
  signUpThroughApi,
} from '../../../tests/support/accounts';
import { createMember, DEFAULT_PASSWORD, type Member } from '../../../tests/support/factories';
import { afterMailControl, createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';

const REQUESTED = {
  message: "If your email exists in our system, you'll receive password reset instructions shortly.",
};
const CHANGED = { message: 'Your password has been changed successfully.' };
const BAD_TOKEN = { errors: { reset_password_token: ['is invalid or has expired'] } };
const NEW_PASSWORD = 'a brand new secret';

describe('password reset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const requestReset = (email: unknown) => app.client().post('/api/users/password', { user: { email } });
  const reset = (user: Record<string, unknown>) => app.client().patch('/api/users/password', { user });
  const signIn = (email: string, password: string, client = app.client()) =>
    client.post('/api/users/sign_in', { user: { email, password } });
  /** A reset for a real member must arrive: after it, an earlier request's mail would have too. */
  const settle = async () => {
    const control = await createMember(app);
    await afterMailControl(app, control.email, async () => {
      expect((await requestReset(control.email)).status).toBe(200);
    });
  };

  /** A member with a reset token freshly mailed to them. */
  async function memberWithToken(overrides: Parameters<typeof createMember>[1] = {}) {
    const member = await createMember(app, overrides);
    expect((await requestReset(member.email)).status).toBe(200);
    const token = resetTokenFrom(await waitForMail(app, member.email));
    return { member, token };
  }

  const userRow = async (member: Member) =>
    (await app.context.db.select().from(users).where(eq(users.id, member.id)))[0]!;

  describe('POST /api/users/password', () => {
    it('mails a reset token (stored hashed) with a link to the reset page', async () => {
      const member = await createMember(app);
      const res = await requestReset(member.email.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body).toEqual(REQUESTED);
      const mail = await waitForMail(app, member.email);
      expect(mail.subject).toBe('Reset your Hearth password');
      const token = resetTokenFrom(mail);
      expect(token).toMatch(/^[A-Za-z0-9_-]{27,}$/);
      expect(mail.text).toContain(`http://hearth.test/password-reset?token=${token}`);
      expect((await userRow(member)).resetTokenHash).toBe(hashToken(token));
    });

    it('answers the same for an unknown email and sends nothing', async () => {
      const res = await requestReset('ghost@example.test');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(REQUESTED);
      await settle();
      expect(app.mailer.sent.filter((mail) => mail.to === 'ghost@example.test')).toHaveLength(0);
    });

    it('replaces the previous token with a new request', async () => {
      const { member, token: first } = await memberWithToken();
      await requestReset(member.email);
      const second = resetTokenFrom(await waitForMail(app, member.email, { count: 2 }));
      expect(second).not.toBe(first);
      const old = await reset({
        reset_password_token: first,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(old.body).toEqual(BAD_TOKEN);
      const fresh = await reset({
        reset_password_token: second,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(fresh.status).toBe(200);
    });

    it('validates the email', async () => {
      const res = await requestReset('nope');
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { email: ['is not a valid email address'] } });
      const missing = await app.client().post('/api/users/password', { user: {} });
      expect(missing.body).toEqual({ errors: { email: ["can't be blank"] } });
    });
  });

  describe('PATCH /api/users/password', () => {
    it('sets the new password, and the old one stops working', async () => {
      const { member, token } = await memberWithToken();
      const res = await reset({
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(CHANGED);
      expect((await signIn(member.email, DEFAULT_PASSWORD)).status).toBe(401);
      expect((await signIn(member.email, NEW_PASSWORD)).status).toBe(200);
      const row = await userRow(member);
      expect(row.resetTokenHash).toBeNull();
      expect(row.resetSentAt).toBeNull();
    });

    it('ends every session of the account', async () => {
      const { member, token } = await memberWithToken();
      const laptop = app.client();
      const phone = app.client();
      await signIn(member.email, DEFAULT_PASSWORD, laptop);
      await signIn(member.email, DEFAULT_PASSWORD, phone);
      expect((await laptop.get('/api/auth')).status).toBe(200);
      const res = await reset({
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect((await laptop.get('/api/auth')).status).toBe(401);
      expect((await phone.get('/api/auth')).status).toBe(401);
      expect(await app.context.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(
        0,
      );
      expect(laptop.cookie(SESSION_COOKIE)).toBeUndefined();
    });

    it('confirms an unconfirmed account (the member proved the mailbox)', async () => {
      const { body, res: signUp } = await signUpThroughApi(app, app.client());
      const code = confirmationCodeFrom(await waitForMail(app, body.user.email));
      expect((await signIn(body.user.email, DEFAULT_PASSWORD)).status).toBe(403);
      await requestReset(body.user.email);
      const token = resetTokenFrom(await waitForMail(app, body.user.email, { count: 2 }));
      const res = await reset({
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect((await signIn(body.user.email, NEW_PASSWORD)).status).toBe(200);
      const [row] = await app.context.db.select().from(users).where(eq(users.id, signUp.body.id));
      expect(row!.confirmedAt).toBeInstanceOf(Date);
      // The pending confirmation code is retired with it.
      expect((await app.client().get(`/api/users/confirmation?confirmation_token=${code}`)).status).toBe(422);
    });

    it('accepts a token once', async () => {
      const { token } = await memberWithToken();
      const body = {
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      };
      expect((await reset(body)).status).toBe(200);
      const again = await reset({
        ...body,
        password: 'yet another one',
        password_confirmation: 'yet another one',
      });
      expect(again.status).toBe(422);
      expect(again.body).toEqual(BAD_TOKEN);
    });

    it('accepts a token once even when two resets race', async () => {
      const { token } = await memberWithToken();
      const body = {
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      };
      const results = await Promise.all(Array.from({ length: 5 }, () => reset(body)));
      expect(results.filter((res) => res.status === 200)).toHaveLength(1);
      expect(results.filter((res) => res.status === 422)).toHaveLength(4);
    });

    it('refuses a token older than 6 hours', async () => {
      const { member, token } = await memberWithToken();
      await ageRow(app, 'users', 'reset_sent_at', member.id, 6);
      const res = await reset({
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(BAD_TOKEN);
      expect((await signIn(member.email, DEFAULT_PASSWORD)).status).toBe(200);
    });

    it('refuses an unknown token', async () => {
      const res = await reset({
        reset_password_token: 'made-up',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(BAD_TOKEN);
    });

    it('refuses a confirmation that does not match, without spending the token', async () => {
      const { member, token } = await memberWithToken();
      const res = await reset({
        reset_password_token: token,
        password: NEW_PASSWORD,
        password_confirmation: 'something else',
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { password_confirmation: ["doesn't match Password"] } });
      expect((await userRow(member)).resetTokenHash).toBe(hashToken(token));
    });

    it('reports a mismatch and a bad token together', async () => {
      const res = await reset({
        reset_password_token: 'bad',
        password: NEW_PASSWORD,
        password_confirmation: 'other thing',
      });
      expect(res.body).toEqual({
        errors: {
          password_confirmation: ["doesn't match Password"],
          reset_password_token: ['is invalid or has expired'],
        },
      });
    });

    it('validates the password length and blank fields', async () => {
      const { token } = await memberWithToken();
      const short = await reset({
        reset_password_token: token,
        password: 'short',
        password_confirmation: 'short',
      });
      expect(short.status).toBe(422);
      expect(short.body).toEqual({ errors: { password: ['is too short (minimum is 8 characters)'] } });
      const long = 'l'.repeat(129);
      const tooLong = await reset({
        reset_password_token: token,
        password: long,
        password_confirmation: long,
      });
      expect(tooLong.body.errors.password).toEqual(['is too long (maximum is 128 characters)']);
      const blank = await reset({ reset_password_token: '', password: '', password_confirmation: '' });
      expect(blank.body).toEqual({
        errors: {
          reset_password_token: ["can't be blank"],
          password: ["can't be blank"],
          password_confirmation: ["can't be blank"],
        },
      });
      const malformed = await app
        .client()
        .patch('/api/users/password', '{"user"', { headers: { 'content-type': 'application/json' } });
      expect(malformed.status).toBe(400);
      const wrongTypes = await reset({ reset_password_token: 1, password: 2, password_confirmation: 3 });
      expect(wrongTypes.status).toBe(422);
    });
  });
});
