import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { ageRow, confirmationCodeFrom, signUpThroughApi } from '../../../tests/support/accounts';
import { createMember, DEFAULT_PASSWORD } from '../../../tests/support/factories';
import { afterMailControl, createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';

const CONFIRMED = { message: 'Your email has been confirmed successfully!' };
const INVALID = { error: 'Confirmation code is invalid or has expired.' };
const RESENT = { message: 'A new confirmation code has been sent to your email address.' };

describe('email confirmation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const confirm = (code: string) =>
    app.client().get(`/api/users/confirmation?confirmation_token=${encodeURIComponent(code)}`);
  const resend = (email: unknown) => app.client().post('/api/users/confirmation', { user: { email } });
  const signIn = (email: string) =>
    app.client().post('/api/users/sign_in', { user: { email, password: DEFAULT_PASSWORD } });
  /** A resend for an unconfirmed account must arrive: after it, an earlier request's mail would have too. */
  const settle = async () => {
    const control = await unconfirmed();
    // Its sign-up mail and then the resent one.
    await afterMailControl(
      app,
      control.email,
      async () => expect((await resend(control.email)).status).toBe(200),
      { count: 2 },
    );
  };

  /** A fresh unconfirmed account made through the API, with the code from its mail. */
  async function unconfirmed() {
    const { body, res } = await signUpThroughApi(app, app.client());
    const mail = await waitForMail(app, body.user.email);
    return { email: body.user.email, id: res.body.id as string, code: confirmationCodeFrom(mail) };
  }

  describe('GET /api/users/confirmation', () => {
    it('confirms with the mailed code, after which sign-in works', async () => {
      const account = await unconfirmed();
      expect((await signIn(account.email)).status).toBe(403);
      const res = await confirm(account.code);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(CONFIRMED);
      expect((await signIn(account.email)).status).toBe(200);
    });

    it('accepts a code once', async () => {
      const account = await unconfirmed();
      expect((await confirm(account.code)).status).toBe(200);
      const again = await confirm(account.code);
      expect(again.status).toBe(422);
      expect(again.body).toEqual(INVALID);
    });

    it('refuses a code older than 24 hours', async () => {
      const account = await unconfirmed();
      await ageRow(app, 'users', 'confirmation_sent_at', account.id, 24);
      const res = await confirm(account.code);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(INVALID);
      const [row] = await app.context.db.select().from(users).where(eq(users.id, account.id));
      expect(row!.confirmedAt).toBeNull();
    });

    it('accepts a code just inside 24 hours', async () => {
      const account = await unconfirmed();
      await ageRow(app, 'users', 'confirmation_sent_at', account.id, 23);
      expect((await confirm(account.code)).status).toBe(200);
    });

    it('refuses an unknown code with 422 and an error', async () => {
      for (const code of ['nope', 'x'.repeat(200), "' or 1=1 --"]) {
        const res = await confirm(code);
        expect(res.status).toBe(422);
        expect(res.body).toEqual(INVALID);
      }
    });

    it('is 422 with a field error when the code is missing or too long', async () => {
      const missing = await app.client().get('/api/users/confirmation');
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual({ errors: { confirmation_token: ["can't be blank"] } });
      const blank = await app.client().get('/api/users/confirmation?confirmation_token=');
      expect(blank.status).toBe(422);
      const long = await confirm('x'.repeat(201));
      expect(long.status).toBe(422);
      expect(long.body.errors).toHaveProperty('confirmation_token');
    });
  });

  describe('POST /api/users/confirmation (resend)', () => {
    it('mails a new code to an unconfirmed account and retires the previous one', async () => {
      const account = await unconfirmed();
      const res = await resend(account.email.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body).toEqual(RESENT);
      const mail = await waitForMail(app, account.email, { count: 2 });
      const fresh = confirmationCodeFrom(mail);
      expect(fresh).not.toBe(account.code);
      expect((await confirm(account.code)).status).toBe(422);
      expect((await confirm(fresh)).status).toBe(200);
    });

    it('answers the same for an unknown email and sends nothing', async () => {
      const res = await resend('nobody-here@example.test');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(RESENT);
      await settle();
      expect(app.mailer.sent.filter((mail) => mail.to === 'nobody-here@example.test')).toHaveLength(0);
    });

    it('answers the same for a confirmed account and sends nothing', async () => {
      const member = await createMember(app);
      const res = await resend(member.email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(RESENT);
      await settle();
      expect(app.mailer.sent.filter((mail) => mail.to === member.email)).toHaveLength(0);
    });

    it('validates the email (422), and bad bodies are 4xx', async () => {
      const invalid = await resend('not an email');
      expect(invalid.status).toBe(422);
      expect(invalid.body).toEqual({ errors: { email: ['is not a valid email address'] } });
      const blank = await resend('');
      expect(blank.body).toEqual({ errors: { email: ["can't be blank"] } });
      const unwrapped = await app.client().post('/api/users/confirmation', { email: 'a@example.test' });
      expect(unwrapped.status).toBe(422);
      const malformed = await app
        .client()
        .post('/api/users/confirmation', '{', { headers: { 'content-type': 'application/json' } });
      expect(malformed.status).toBe(400);
    });
  });
});
