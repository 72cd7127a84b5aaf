import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { LIMITS } from './throttle';

/**
 * Hearth behind one reverse proxy (TRUST_PROXY=1). The test client stands in for the proxy: a
 * proxy appends the address it saw to X-Forwarded-For, so the right-most entry is the real peer and
 * everything left of it was written by the client.
 */
describe('client addresses behind a proxy (rate limits on, TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      rateLimits: true,
      config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
    });
  });
  afterAll(() => app.close());

  const checkInvitation = (forwardedFor: string) =>
    app
      .client()
      .post(
        '/api/check_invitation',
        { invitation: { code: 'guess' } },
        { headers: { 'x-forwarded-for': forwardedFor } },
      );

  it('throttles sign-in by the address the proxy saw, whatever the client forges in X-Forwarded-For', async () => {
    const signIn = (i: number, forwardedFor: string) =>
      app
        .client()
        .post(
          '/api/users/sign_in',
          { user: { email: `nobody-${i}@example.test`, password: 'wrong password' } },
          { headers: { 'x-forwarded-for': forwardedFor } },
        );
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.signInIp.max; i++) {
      const forged = `198.51.${i % 250}.${(i * 7) % 250}`;
      statuses.push((await signIn(i, `${forged}, 203.0.113.7`)).status);
    }
    expect(statuses.slice(0, LIMITS.signInIp.max).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another real client is not affected.
    expect((await signIn(999, '203.0.113.8')).status).toBe(401);
  }, 120_000); // 32 password checks in a row: slow on a loaded two-core runner

  it('never gives a forwarded entry that is no IP address a bucket of its own', async () => {
    // Each request names a different non-address; behind TRUST_PROXY=1 the client position holds
    // it. All of them count against the proxy's own address, the last one that is an address.
    const junk = ['foo', '1.2.3.4.5', 'unknown', '_hidden', 'a.b.c.d', '[::1', 'fe80::zz', '300.1.1.1'];
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.invitationCheckIp.max; i++) {
      statuses.push((await checkInvitation(junk[i] ?? `unknown-${i}`)).status);
    }
    expect(statuses.slice(0, LIMITS.invitationCheckIp.max)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
    // Nonsense where the proxy's entry should be counts there too, whatever is written left of it...
    expect((await checkInvitation('198.51.100.20, , unknown')).status).toBe(429);
    // ...while a client the proxy names by its address (with a port, as some proxies write it) has
    // its own bucket.
    expect((await checkInvitation('198.51.100.21:51234')).status).not.toBe(429);
  });

  it('counts two IPv6 addresses of one /64 against one bucket', async () => {
    for (let i = 1; i <= LIMITS.invitationCheckIp.max; i++) {
      expect((await checkInvitation(`2001:db8:aa:bb::${i.toString(16)}`)).status).not.toBe(429);
    }
    expect((await checkInvitation('2001:db8:aa:bb:ffff:1:2:3')).status).toBe(429);
    expect((await checkInvitation('2001:db8:aa:bc::1')).status).not.toBe(429);
  });
});
