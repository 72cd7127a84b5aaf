import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation, signUpBody } from '../../../tests/support/accounts';
import { createMember, DEFAULT_PASSWORD } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { LIMITS } from '../../http/throttle';

const RATE_LIMITED = { error: 'Too many requests. Please try again later.' };

describe('throttling of the accounts area (rate limits on)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: true });
  });
  afterAll(() => app.close());

  function expectThrottled(res: { status: number; headers: Headers; body: unknown }) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual(RATE_LIMITED);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
  }

  it('limits sign-in attempts per account from one IP, even with the right password, and not other emails', async () => {
    const target = await createMember(app);
    const bystander = await createMember(app);
    const attempt = (email: string, password = 'wrong password') =>
      app.client().post('/api/users/sign_in', { user: { email, password } });
    for (let i = 0; i < LIMITS.signInAccountIp.max; i++) {
      expect((await attempt(target.email)).status).toBe(401);
    }
    expectThrottled(await attempt(target.email));
    expectThrottled(await attempt(target.email.toUpperCase(), DEFAULT_PASSWORD));
    expect((await attempt(bystander.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('limits invitation checks per IP', async () => {
    const invitation = await createInvitation(app);
    const check = (code: string) => app.client().post('/api/check_invitation', { invitation: { code } });
    let last = await check(invitation.code);
    let allowed = 1;
    while (last.status !== 429 && allowed <= LIMITS.invitationCheckIp.max) {
      last = await check(`guess-${allowed}`);
      allowed++;
    }
    expect(allowed).toBe(LIMITS.invitationCheckIp.max + 1);
    expectThrottled(last);
    // Even a valid code is refused until the window ends.
    expectThrottled(await check(invitation.code));
  });

  it('limits mails per address: confirmation resends and reset requests', async () => {
    const member = await createMember(app, { confirmedAt: null });
    const resend = () => app.client().post('/api/users/confirmation', { user: { email: member.email } });
    for (let i = 0; i < LIMITS.mailEmail.max; i++) expect((await resend()).status).toBe(200);
    expectThrottled(await resend());
    // The reset budget of the address is separate.
    expect((await app.client().post('/api/users/password', { user: { email: member.email } })).status).toBe(
      200,
    );
  });

  it('limits sign-ups per email', async () => {
    const body = signUpBody({ invitation_code: 'wrong' });
    for (let i = 0; i < LIMITS.signUpEmail.max; i++) {
      expect((await app.client().post('/api/users', body)).status).toBe(422);
    }
    expectThrottled(await app.client().post('/api/users', body));
  });
});
