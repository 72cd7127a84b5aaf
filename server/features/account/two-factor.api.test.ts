import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pendingSignIns, recoveryCodes, totpCredentials } from '../../db/schema';
import { createMember, DEFAULT_PASSWORD, type Member } from '../../../tests/support/factories';
import { createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';
import { ACCOUNT_MESSAGES } from '../../../shared/api/account';
import { PENDING_ENROLMENT_MS } from './totp.service';
import type { TestClient } from '../../../tests/support/test-client';

/** The code an authenticator app would show for `secret` at `timestamp`. */
const codeAt = (secret: string, timestamp = Date.now()) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });
const STEP = 30_000;

describe('two-factor sign-in (TOTP)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function signedIn(member: Member) {
    const client = app.client();
    const res = await client.post('/api/users/sign_in', {
      user: { email: member.email, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    return client;
  }

  /** A member with two-factor sign-in on: their secret, recovery codes and a signed-in client. */
  async function enrolled() {
    const member = await createMember(app);
    const client = await signedIn(member);
    const setup = await client.post('/api/account/two_factor', {
      user: { current_password: DEFAULT_PASSWORD },
    });
    expect(setup.status).toBe(200);
    // Confirmed with the previous step's code, so the tests' "now" codes are still unused.
    const confirmed = await client.post('/api/account/two_factor/confirmation', {
      user: { code: codeAt(setup.body.secret, Date.now() - STEP) },
    });
    expect(confirmed.status).toBe(200);
    return {
      member,
      client,
      secret: setup.body.secret as string,
      codes: confirmed.body.recovery_codes as string[],
    };
  }

  const passwordStep = (member: Member, client = app.client()) =>
    client.post('/api/users/sign_in', { user: { email: member.email, password: DEFAULT_PASSWORD } });
  const codeStep = (client: TestClient, user: Record<string, unknown>) =>
    client.post('/api/users/sign_in/two_factor', { user });

  it('enrols: a secret as QR code and text, off until a code confirms it', async () => {
    const member = await createMember(app);
    const client = await signedIn(member);
    const setup = await client.post('/api/account/two_factor', {
      user: { current_password: DEFAULT_PASSWORD },
    });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toContain(`otpauth://totp/Hearth:${encodeURIComponent(member.email)}`);
    expect(setup.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    const [row] = await app.context.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, member.id));
    expect(row!.secretEncrypted).not.toContain(setup.body.secret);
    expect(row!.enabledAt).toBeNull();
    // Not on yet: the password alone still signs in.
    expect((await passwordStep(member)).body).toMatchObject({ id: member.id });
    expect((await client.get('/api/account/security')).body.two_factor_enabled).toBe(false);

    const wrong = await client.post('/api/account/two_factor/confirmation', { user: { code: '000000' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ errors: { code: ['is incorrect or has already been used'] } });
    const bad = await client.post('/api/account/two_factor/confirmation', { user: { code: '12ab' } });
    expect(bad.body).toEqual({ errors: { code: ['must be 6 digits'] } });

    const confirmed = await client.post('/api/account/two_factor/confirmation', {
      user: { code: codeAt(setup.body.secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    const stored = await app.context.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(confirmed.body.recovery_codes[0]);
    const security = (await client.get('/api/account/security')).body;
    expect(security).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10 });
    expect((await waitForMail(app, member.email)).subject).toBe(
      'Two-factor sign-in is on for your Hearth account',
    );
    // A second enrolment cannot replace the secret in use.
    expect(
      (await client.post('/api/account/two_factor', { user: { current_password: DEFAULT_PASSWORD } })).status,
    ).toBe(422);
  });

  it('starts enrolment only with the current password, as the other account changes ask', async () => {
    const member = await createMember(app);
    const client = await signedIn(member);
    const start = (user?: Record<string, string>) =>
      client.post('/api/account/two_factor', user === undefined ? undefined : { user });
    const withoutPassword = await start();
    expect(withoutPassword.status).toBe(422);
    // The same field error as regenerating recovery codes (and changing the password or email).
    const recoveryWithout = await client.post('/api/account/two_factor/recovery_codes');
    expect(withoutPassword.body).toEqual(recoveryWithout.body);
    expect((await start({ current_password: '' })).body).toEqual({
      errors: { current_password: ["can't be blank"] },
    });
    const wrong = await start({ current_password: 'not my password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ errors: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] } });
    const rows = await app.context.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, member.id));
    expect(rows).toEqual([]);

    expect((await start({ current_password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it('confirms only a recently started enrolment: an old pending secret needs a new start', async () => {
    const member = await createMember(app);
    const client = await signedIn(member);
    const setup = await client.post('/api/account/two_factor', {
      user: { current_password: DEFAULT_PASSWORD },
    });
    expect(setup.status).toBe(200);
    await app.context.db
      .update(totpCredentials)
      .set({ createdAt: new Date(Date.now() - PENDING_ENROLMENT_MS - 60_000) })
      .where(eq(totpCredentials.userId, member.id));
    const late = await client.post('/api/account/two_factor/confirmation', {
      user: { code: codeAt(setup.body.secret) },
    });
    expect(late.status).toBe(422);
    expect(late.body).toEqual({ errors: { code: ['is incorrect or has already been used'] } });
    expect((await client.get('/api/account/security')).body.two_factor_enabled).toBe(false);

    const again = await client.post('/api/account/two_factor', {
      user: { current_password: DEFAULT_PASSWORD },
    });
    const confirmed = await client.post('/api/account/two_factor/confirmation', {
      user: { code: codeAt(again.body.secret) },
    });
    expect(confirmed.status).toBe(200);
  });

  it('sign-in then asks for the code: the password alone opens no session', async () => {
    const { member, secret } = await enrolled();
    const client = app.client();
    const first = await passwordStep(member, client);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor_required: true, sign_in_token: expect.any(String) });
    expect((await client.get('/api/auth')).status).toBe(401);

    const done = await codeStep(client, { sign_in_token: first.body.sign_in_token, code: codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: member.id, email: member.email });
    expect((await client.get('/api/auth')).status).toBe(200);
    // The pending sign-in was single-use.
    const again = await codeStep(app.client(), {
      sign_in_token: first.body.sign_in_token,
      code: codeAt(secret, Date.now() + STEP),
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ errors: { sign_in_token: ['has expired; sign in again'] } });
  });

  it('refuses a wrong code, a replayed code of the same step, and an expired pending sign-in', async () => {
    const { member, secret } = await enrolled();
    const first = await passwordStep(member);
    const token = first.body.sign_in_token;
    const wrong = await codeStep(app.client(), {
      sign_in_token: token,
      code: '000000' === codeAt(secret) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ errors: { code: ['is incorrect or has already been used'] } });

    const code = codeAt(secret);
    expect((await codeStep(app.client(), { sign_in_token: token, code })).status).toBe(200);
    const second = await passwordStep(member);
    const replay = await codeStep(app.client(), { sign_in_token: second.body.sign_in_token, code });
    expect(replay.status).toBe(422);
    expect(replay.body.errors.code).toEqual(['is incorrect or has already been used']);
    // Codes of the next step (a slow clock) still work: the window is ±1 step.
    const next = await codeStep(app.client(), {
      sign_in_token: second.body.sign_in_token,
      code: codeAt(secret, Date.now() + STEP),
    });
    expect(next.status).toBe(200);

    const third = await passwordStep(member);
    await app.context.db
      .update(pendingSignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignIns.userId, member.id));
    const late = await codeStep(app.client(), {
      sign_in_token: third.body.sign_in_token,
      code: codeAt(secret, Date.now() + STEP),
    });
    expect(late.body).toEqual({ errors: { sign_in_token: ['has expired; sign in again'] } });
  });

  it('a recovery code signs in once', async () => {
    const { member, codes } = await enrolled();
    const first = await passwordStep(member);
    const client = app.client();
    const res = await codeStep(client, {
      sign_in_token: first.body.sign_in_token,
      recovery_code: codes[0]!.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/account/security')).body.recovery_codes_left).toBe(9);
    const second = await passwordStep(member);
    const reused = await codeStep(app.client(), {
      sign_in_token: second.body.sign_in_token,
      recovery_code: codes[0],
    });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ errors: { recovery_code: ['is incorrect or has already been used'] } });
  });

  it('regenerating recovery codes needs the password and retires the old ones', async () => {
    const { member, client, codes } = await enrolled();
    const refused = await client.post('/api/account/two_factor/recovery_codes', {
      user: { current_password: 'nope' },
    });
    expect(refused.body).toEqual({ errors: { current_password: ['is incorrect'] } });
    const fresh = await client.post('/api/account/two_factor/recovery_codes', {
      user: { current_password: DEFAULT_PASSWORD },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const pending = await passwordStep(member);
    const old = await codeStep(app.client(), {
      sign_in_token: pending.body.sign_in_token,
      recovery_code: codes[1],
    });
    expect(old.status).toBe(422);
    const now = await codeStep(app.client(), {
      sign_in_token: pending.body.sign_in_token,
      recovery_code: fresh.body.recovery_codes[0],
    });
    expect(now.status).toBe(200);
  });

  it('disabling needs the password and a code, then the password alone signs in again', async () => {
    const { member, client, secret } = await enrolled();
    const noPassword = await client.delete('/api/account/two_factor', {
      user: { current_password: 'nope', code: codeAt(secret) },
    });
    expect(noPassword.body).toEqual({ errors: { current_password: ['is incorrect'] } });
    const noCode = await client.delete('/api/account/two_factor', {
      user: { current_password: DEFAULT_PASSWORD, code: '000000' === codeAt(secret) ? '111111' : '000000' },
    });
    expect(noCode.body).toEqual({ errors: { code: ['is incorrect or has already been used'] } });
    const off = await client.delete('/api/account/two_factor', {
      user: { current_password: DEFAULT_PASSWORD, code: codeAt(secret) },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: 'Two-factor sign-in is off.' });
    expect((await passwordStep(member)).body).toMatchObject({ id: member.id });
    expect(
      await app.context.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id)),
    ).toHaveLength(0);
    // Mail goes out through the job queue, which may send the "on" and "off" notices in either order.
    await waitForMail(app, member.email, { count: 2 });
    const subjects = app.mailer.sent.filter((mail) => mail.to === member.email).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Two-factor sign-in is on for your Hearth account',
        'Two-factor sign-in was turned off for your Hearth account',
      ]),
    );
  });

  it('every route needs the session', async () => {
    const anonymous = app.client();
    expect((await anonymous.post('/api/account/two_factor')).status).toBe(401);
    expect((await anonymous.get('/api/account/security')).status).toBe(401);
    expect((await anonymous.get('/api/account/sessions')).status).toBe(401);
  });

  describe('throttling', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ rateLimits: true });
    });
    afterAll(() => limited.close());

    it('wrong codes at one account from one client meet a 429 with Retry-After', async () => {
      const member = await createMember(limited);
      const owner = limited.client();
      await owner.post('/api/users/sign_in', { user: { email: member.email, password: DEFAULT_PASSWORD } });
      const setup = await owner.post('/api/account/two_factor', {
        user: { current_password: DEFAULT_PASSWORD },
      });
      await owner.post('/api/account/two_factor/confirmation', { user: { code: codeAt(setup.body.secret) } });

      const attacker = limited.client();
      const pending = await attacker.post('/api/users/sign_in', {
        user: { email: member.email, password: DEFAULT_PASSWORD },
      });
      expect(pending.body.two_factor_required).toBe(true);
      const wrongCode = codeAt(setup.body.secret) === '000000' ? '111111' : '000000';
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await attacker.post('/api/users/sign_in/two_factor', {
          user: { sign_in_token: pending.body.sign_in_token, code: wrongCode },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses[10]).toBe(429);
      // Even the right code is refused while throttled.
      const right = await attacker.post('/api/users/sign_in/two_factor', {
        user: {
          sign_in_token: pending.body.sign_in_token,
          code: codeAt(setup.body.secret, Date.now() + STEP),
        },
      });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
