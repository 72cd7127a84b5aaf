import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/auth';
import { hashToken } from '../../lib/tokens';
import { createMember, DEFAULT_PASSWORD, memberWithClient } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const UNAUTHENTICATED = { error: 'You need to sign in or sign up before continuing.' };

describe('session: GET /api/auth, sign in, sign out', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const signIn = (client = app.client(), user: Record<string, unknown>) =>
    client.post('/api/users/sign_in', { user });

  describe('GET /api/auth', () => {
    it('is 401 in the API shape when signed out', async () => {
      const res = await app.client().get('/api/auth');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    });

    it('presents the signed-in member', async () => {
      const { member, client } = await memberWithClient(app, { firstName: 'Grace', lastName: 'Hopper' });
      const res = await client.get('/api/auth');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({
        id: member.id,
        username: member.username,
        email: member.email,
        first_name: 'Grace',
        last_name: 'Hopper',
        name: 'Grace Hopper',
        avatar: null,
        initials: 'GH',
        is_admin: false,
        time_zone: null,
        locale: null,
      });
    });

    it('falls back to the username for name and initials', async () => {
      const { member, client } = await memberWithClient(app, {
        firstName: null,
        lastName: null,
        username: 'zed_k',
      });
      const res = await client.get('/api/auth');
      expect(res.body).toMatchObject({
        name: member.username,
        initials: 'ZE',
        first_name: null,
        last_name: null,
      });
    });

    it('is 401 with an unknown session cookie, and clears it', async () => {
      const client = app.client();
      client.setCookie(SESSION_COOKIE, 'not-a-real-session');
      const res = await client.get('/api/auth');
      expect(res.status).toBe(401);
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    });

    it("looks sessions up for API calls only, not for the web app's pages and files", async () => {
      const client = app.client();
      client.setCookie(SESSION_COOKIE, 'not-a-real-session');
      const page = await client.get('/groups');
      expect(page.headers.getSetCookie()).toEqual([]);
      expect(client.cookie(SESSION_COOKIE)).toBe('not-a-real-session');
    });

    it('slides an hour-old session forward with the same HttpOnly, SameSite=Lax cookie', async () => {
      const { member, client } = await memberWithClient(app);
      const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await app.context.db
        .update(sessions)
        .set({ lastUsedAt: hoursAgo })
        .where(eq(sessions.userId, member.id));
      const res = await client.get('/api/auth');
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      const expires = new Date(/;\s*Expires=([^;]+)/i.exec(cookie!)![1]!);
      // ADR 010: used sessions slide to 14 days from now (capped at 90 days from sign-in).
      expect(expires.getTime() - Date.now()).toBeGreaterThan(13 * 24 * 60 * 60 * 1000);
    });
  });

  describe('POST /api/users/sign_in', () => {
    it('signs in: 200 with the current user and an HttpOnly, SameSite=Lax session cookie', async () => {
      const member = await createMember(app, { firstName: 'Ann', lastName: 'Lee' });
      const client = app.client();
      const res = await signIn(client, { email: member.email, password: DEFAULT_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: member.id,
        username: member.username,
        initials: 'AL',
        avatar: null,
      });
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).not.toMatch(/;\s*Secure/i); // http origin in tests
      const token = client.cookie(SESSION_COOKIE)!;
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
      const me = await client.get('/api/auth');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(member.id);
      // Stored hashed, never as the token itself.
      const rows = await app.context.db.select().from(sessions).where(eq(sessions.userId, member.id));
      expect(rows.map((row) => row.tokenHash)).toContain(hashToken(token));
      expect(rows.map((row) => row.tokenHash)).not.toContain(token);
    });

    it('matches the email case-insensitively and ignores surrounding spaces', async () => {
      const member = await createMember(app);
      const res = await signIn(app.client(), {
        email: `  ${member.email.toUpperCase()} `,
        password: DEFAULT_PASSWORD,
      });
      expect(res.status).toBe(200);
    });

    it('rotates the session token at sign-in and revokes the one presented', async () => {
      const { member, client } = await memberWithClient(app);
      const before = client.cookie(SESSION_COOKIE)!;
      const res = await signIn(client, { email: member.email, password: DEFAULT_PASSWORD });
      expect(res.status).toBe(200);
      const after = client.cookie(SESSION_COOKIE)!;
      expect(after).not.toBe(before);
      const stale = app.client();
      stale.setCookie(SESSION_COOKIE, before);
      expect((await stale.get('/api/auth')).status).toBe(401);
      expect((await client.get('/api/auth')).status).toBe(200);
    });

    it('is 401 for a wrong password and for an unknown email, with one message', async () => {
      const member = await createMember(app);
      const wrong = await signIn(app.client(), { email: member.email, password: 'not the password' });
      const unknown = await signIn(app.client(), { email: 'nobody@example.test', password: 'whatever123' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'Invalid email or password.' });
        expect(
          res.headers
            .getSetCookie()
            .some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !/=;/.test(line)),
        ).toBe(false);
      }
    });

    it('is 403 for an unconfirmed account with the right password (401 with a wrong one)', async () => {
      const member = await createMember(app, { confirmedAt: null });
      const right = await signIn(app.client(), { email: member.email, password: DEFAULT_PASSWORD });
      expect(right.status).toBe(403);
      expect(right.body).toEqual({ error: 'You have to confirm your email address before continuing.' });
      const wrong = await signIn(app.client(), { email: member.email, password: 'wrong password' });
      expect(wrong.status).toBe(401);
    });

    it('is 422 with field errors for blank fields', async () => {
      const res = await signIn(app.client(), { email: ' ', password: '' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { email: ["can't be blank"], password: ["can't be blank"] } });
    });

    it('answers bad input with 4xx, never 500', async () => {
      const client = app.client();
      const cases = [
        await client.post('/api/users/sign_in', '{"user": {"email": ', {
          headers: { 'content-type': 'application/json' },
        }),
        await client.post('/api/users/sign_in', { email: 'a@example.test', password: 'x' }),
        await client.post('/api/users/sign_in', { user: 'a@example.test' }),
        await client.post('/api/users/sign_in', { user: { email: 42, password: ['x'] } }),
        await client.post('/api/users/sign_in', []),
        await client.post('/api/users/sign_in', 'null', { headers: { 'content-type': 'application/json' } }),
        await client.post('/api/users/sign_in'),
        await client.post('/api/users/sign_in', 'email=a', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ];
      for (const res of cases) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toSatisfy((body: unknown) => typeof body === 'object' && body !== null);
      }
      expect(cases[0]!.status).toBe(400);
      expect(cases[1]!.status).toBe(422);
      expect(cases[1]!.body).toEqual({ errors: { user: [expect.any(String)] } });
      expect(cases[3]!.body.errors).toHaveProperty('email');
      expect(cases[3]!.body.errors).toHaveProperty('password');
    });

    it('refuses a sign-in without the XHR marker header (CSRF)', async () => {
      const member = await createMember(app);
      const res = await app.client().post(
        '/api/users/sign_in',
        { user: { email: member.email, password: DEFAULT_PASSWORD } },
        {
          headers: { 'x-requested-with': '' },
        },
      );
      expect(res.status).toBe(403);
    });
  });

  describe('DELETE /api/users/sign_out', () => {
    it('revokes the session: the old cookie no longer signs in', async () => {
      const { member, client } = await memberWithClient(app);
      const token = client.cookie(SESSION_COOKIE)!;
      const res = await client.delete('/api/users/sign_out');
      expect(res.status).toBe(204);
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
      expect((await client.get('/api/auth')).status).toBe(401);
      const replay = app.client();
      replay.setCookie(SESSION_COOKIE, token);
      expect((await replay.get('/api/auth')).status).toBe(401);
      const rows = await app.context.db.select().from(sessions).where(eq(sessions.userId, member.id));
      expect(rows).toHaveLength(0);
    });

    it('only ends the current session, not the member’s others', async () => {
      const member = await createMember(app);
      const laptop = app.client();
      const phone = app.client();
      await signIn(laptop, { email: member.email, password: DEFAULT_PASSWORD });
      await signIn(phone, { email: member.email, password: DEFAULT_PASSWORD });
      expect((await laptop.delete('/api/users/sign_out')).status).toBe(204);
      expect((await phone.get('/api/auth')).status).toBe(200);
    });

    it('succeeds when signed out', async () => {
      const res = await app.client().delete('/api/users/sign_out');
      expect(res.status).toBe(204);
    });

    it('accepts the JSON content type with an empty body, as the web client sends it', async () => {
      const { client } = await memberWithClient(app);
      const res = await client.delete('/api/users/sign_out', undefined, {
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(204);
      expect((await client.get('/api/auth')).status).toBe(401);
    });

    it('needs the XHR marker header', async () => {
      const { client } = await memberWithClient(app);
      const res = await client.delete('/api/users/sign_out', undefined, {
        headers: { 'x-requested-with': '' },
      });
      expect(res.status).toBe(403);
      expect((await client.get('/api/auth')).status).toBe(200);
    });
  });
});
