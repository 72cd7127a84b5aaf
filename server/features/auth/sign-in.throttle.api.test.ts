import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { LIMITS } from '../../http/throttle';
import { createMember, DEFAULT_PASSWORD } from '../../../tests/support/factories';
import { createTestApp, waitForMail, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { DEVICE_COOKIE } from './known-devices';

const ALERT_SUBJECT = /sign-in attempts/i;

/**
 * Sign-in throttling that cannot be turned against the member: per (account, IP) and per IP, and an
 * account-wide limit that only devices unknown to the account meet. Behind one trusted proxy, so
 * each request names its client in X-Forwarded-For.
 */
describe('sign-in throttling without lock-outs (rate limits on)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      rateLimits: true,
      config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
    });
  });
  afterAll(() => app.close());

  const signIn = (client: TestClient, ip: string, email: string, password: string) =>
    client.post('/api/users/sign_in', { user: { email, password } }, { headers: { 'x-forwarded-for': ip } });

  async function attack(email: string, attempts: number, prefix: string) {
    const statuses = new Set<number>();
    for (let i = 0; i < attempts; i++) {
      statuses.add((await signIn(app.client(), `${prefix}.${i}`, email, 'wrong password')).status);
    }
    return statuses;
  }

  it("does not let an attacker's 50 wrong passwords from other IPs stop the owner on a known device", async () => {
    const owner = await createMember(app);
    const laptop = app.client();
    const first = await signIn(laptop, '192.0.2.10', owner.email, DEFAULT_PASSWORD);
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(laptop.cookie(DEVICE_COOKIE)).toBeDefined();

    const statuses = await attack(owner.email, 50, '198.51.100');
    expect(statuses.has(429)).toBe(true); // the account-wide limit met the attacker's fresh devices

    expect((await signIn(laptop, '192.0.2.10', owner.email, DEFAULT_PASSWORD)).status).toBe(200);
    // A device the account has never seen still meets the account-wide limit.
    const unknown = await signIn(app.client(), '192.0.2.11', owner.email, DEFAULT_PASSWORD);
    expect(unknown.status).toBe(429);
    expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another account's device cookie is no pass for this one.
    const other = await createMember(app);
    const othersLaptop = app.client();
    expect((await signIn(othersLaptop, '192.0.2.12', other.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await signIn(othersLaptop, '192.0.2.12', owner.email, DEFAULT_PASSWORD)).status).toBe(429);
  });

  it('still throttles one IP per account (429 + Retry-After), without locking the owner out elsewhere', async () => {
    const owner = await createMember(app);
    for (let i = 0; i < LIMITS.signInAccountIp.max; i++) {
      expect((await signIn(app.client(), '203.0.113.50', owner.email, 'wrong password')).status).toBe(401);
    }
    const refused = await signIn(app.client(), '203.0.113.50', owner.email, DEFAULT_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The owner, on another network, signs in.
    expect((await signIn(app.client(), '203.0.113.51', owner.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('mails the member once when their account sees a burst of failed sign-ins', async () => {
    const owner = await createMember(app);
    await attack(owner.email, 30, '198.51.101');
    const alert = await waitForMail(app, owner.email);
    expect(alert.subject).toMatch(ALERT_SUBJECT);
    await attack(owner.email, 10, '198.51.102');
    // A mail queued after every failure above must come after any second alert would have.
    await app.client().post('/api/users/password', { user: { email: owner.email } });
    await waitForMail(app, owner.email, { count: 2 });
    const mails = app.mailer.sent.filter((mail) => mail.to === owner.email);
    expect(mails.filter((mail) => ALERT_SUBJECT.test(mail.subject))).toHaveLength(1);
  });
});
