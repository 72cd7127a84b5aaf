import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { users } from '../../db/schema';
import { createInvitation, resetTokenFrom, signUpBody } from '../../../tests/support/accounts';
import { createMember, DEFAULT_PASSWORD } from '../../../tests/support/factories';
import { createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';

const TOO_COMMON = { errors: { password: ['is too common; choose a less guessable one'] } };
/** Passwords that pass a "capital, digit, symbol" rule and still fall to a guessing tool's first rules. */
const DRESSED_UP = ['Password1!', 'Summer2024!', 'Qwerty123!'];

/** Passwords: the common-password list, re-hashing on sign-in, and the notice after a reset. */
describe('password policy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const passwordHashOf = async (id: string) =>
    (await app.context.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

  it('sign-up refuses a common password, whatever its case, and one dressed up with digits and symbols', async () => {
    for (const password of ['password', 'PassWord1', 'qwertyuiop', 'iloveyou', ...DRESSED_UP]) {
      const invitation = await createInvitation(app);
      const res = await app
        .client()
        .post('/api/users', signUpBody({ password, invitation_code: invitation.code }));
      expect(res.status, password).toBe(422);
      expect(res.body, password).toEqual(TOO_COMMON);
    }
  });

  it('password reset refuses a common password and keeps the token', async () => {
    const member = await createMember(app);
    await app.client().post('/api/users/password', { user: { email: member.email } });
    const token = resetTokenFrom(await waitForMail(app, member.email));
    for (const password of ['password123', ...DRESSED_UP]) {
      const common = await app.client().patch('/api/users/password', {
        user: { reset_password_token: token, password, password_confirmation: password },
      });
      expect(common.status, password).toBe(422);
      expect(common.body, password).toEqual(TOO_COMMON);
    }
    const fine = await app.client().patch('/api/users/password', {
      user: {
        reset_password_token: token,
        password: 'a rarer new secret',
        password_confirmation: 'a rarer new secret',
      },
    });
    expect(fine.status).toBe(200);
  });

  it('mails the owner a notice when the password has been reset', async () => {
    const member = await createMember(app);
    await app.client().post('/api/users/password', { user: { email: member.email } });
    const token = resetTokenFrom(await waitForMail(app, member.email));
    const res = await app.client().patch('/api/users/password', {
      user: {
        reset_password_token: token,
        password: 'another new secret',
        password_confirmation: 'another new secret',
      },
    });
    expect(res.status).toBe(200);
    const notice = await waitForMail(app, member.email, { count: 2 });
    expect(notice.subject).toBe('Your Hearth password was changed');
    expect(notice.text).toContain('http://hearth.test/password-request');
  });

  it('re-hashes a stored hash made with other argon2 parameters at the next sign-in', async () => {
    const weak = await hash(DEFAULT_PASSWORD, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    const member = await createMember(app, { passwordHash: weak });
    const res = await app
      .client()
      .post('/api/users/sign_in', { user: { email: member.email, password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(200);
    const stored = await passwordHashOf(member.id);
    expect(stored).not.toBe(weak);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash still verifies, and a current hash is left alone.
    const again = await app
      .client()
      .post('/api/users/sign_in', { user: { email: member.email, password: DEFAULT_PASSWORD } });
    expect(again.status).toBe(200);
    expect(await passwordHashOf(member.id)).toBe(stored);
  });
});
