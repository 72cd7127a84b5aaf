import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../http/auth';
import { createMember, DEFAULT_PASSWORD, memberWithClient } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Session lifetimes, the cookie's name and caching of member answers (ADR 010). */
describe('session lifetimes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A signed-in client whose session row is then rewritten to the given times. */
  async function clientWithSession(times: Partial<typeof sessions.$inferInsert>) {
    const { member, client } = await memberWithClient(app);
    await app.context.db.update(sessions).set(times).where(eq(sessions.userId, member.id));
    return { member, client };
  }

  it('ends a session 90 days after sign-in even when used every day', async () => {
    const { client } = await clientWithSession({
      createdAt: daysAgo(91),
      lastUsedAt: new Date(),
      expiresAt: new Date(Date.now() + 10 * DAY_MS),
    });
    expect((await client.get('/api/auth')).status).toBe(401);
  });

  it('ends a session after 14 days without use, whatever expires_at says', async () => {
    const { client } = await clientWithSession({
      lastUsedAt: daysAgo(15),
      expiresAt: new Date(Date.now() + 15 * DAY_MS),
    });
    expect((await client.get('/api/auth')).status).toBe(401);
  });

  it('slides the expiry by 14 days on use, but never past 90 days from sign-in', async () => {
    const createdAt = daysAgo(89.5);
    const { member, client } = await clientWithSession({
      createdAt,
      lastUsedAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const res = await client.get('/api/auth');
    expect(res.status).toBe(200);
    const [row] = await app.context.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(row!.expiresAt.getTime()).toBe(createdAt.getTime() + 90 * DAY_MS);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(new Date(cookie.match(/Expires=([^;]+)/i)![1]!).getTime()).toBeLessThanOrEqual(
      createdAt.getTime() + 90 * DAY_MS,
    );

    const fresh = await clientWithSession({ lastUsedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    await fresh.client.get('/api/auth');
    const [slid] = await app.context.db.select().from(sessions).where(eq(sessions.userId, fresh.member.id));
    expect(Math.abs(slid!.expiresAt.getTime() - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
  });

  it('marks every signed-in API answer no-store (live invitation codes included)', async () => {
    const { client } = await memberWithClient(app);
    await client.post('/api/invitations', { invitation: { email: 'friend@example.test' } });
    for (const path of ['/api/invitations', '/api/auth', '/api/posts']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('never lets a sign-in answer (it sets the cookie) be cached', async () => {
    const member = await createMember(app);
    const res = await app.client().post('/api/users/sign_in', {
      user: { email: member.email, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('session cookie behind https', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { publicOrigin: 'https://hearth.test' } });
  });
  afterAll(() => app.close());

  it('is named __Host- with Secure, Path=/ and no Domain, and is the one read back', async () => {
    const member = await createMember(app);
    const client = app.client();
    const res = await client.post('/api/users/sign_in', {
      user: { email: member.email, password: DEFAULT_PASSWORD },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SECURE_SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await client.get('/api/auth')).status).toBe(200);
  });
});
