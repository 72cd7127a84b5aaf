import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailChanges, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createMember, DEFAULT_PASSWORD, type Member } from '../../../tests/support/factories';
import { createTestApp, type TestApp, waitForMail } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'an entirely new secret';

describe('account security', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A real sign-in through the API, from a browser named by its User-Agent. */
  async function signIn(member: { email: string }, password = DEFAULT_PASSWORD, userAgent = FIREFOX_LINUX) {
    const client = app.client();
    const res = await client.post(
      '/api/users/sign_in',
      { user: { email: member.email, password } },
      { headers: { 'user-agent': userAgent } },
    );
    return { client, res };
  }
  async function signedIn(member: Member, userAgent = FIREFOX_LINUX): Promise<TestClient> {
    const { client, res } = await signIn(member, DEFAULT_PASSWORD, userAgent);
    expect(res.status).toBe(200);
    return client;
  }
  const isSignedIn = async (client: TestClient) => (await client.get('/api/auth')).status === 200;
  const userRow = async (id: string) =>
    (await app.context.db.select().from(users).where(eq(users.id, id)))[0]!;

  describe('PATCH /api/account/password', () => {
    const change = (client: TestClient, user: Record<string, unknown>) =>
      client.patch('/api/account/password', { user });

    it('needs a session', async () => {
      const res = await change(app.client(), {
        current_password: DEFAULT_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(401);
    });

    it('refuses a wrong current password with a field error and changes nothing', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const res = await change(client, {
        current_password: 'not my password',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { current_password: ['is incorrect'] } });
      expect((await signIn(member)).res.status).toBe(200);
    });

    it('puts the new password through the password policy', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      for (const password of ['password123', 'Password1!', 'Summer2024!', 'Qwerty123!']) {
        const common = await change(client, {
          current_password: DEFAULT_PASSWORD,
          password,
          password_confirmation: password,
        });
        expect(common.status, password).toBe(422);
        expect(common.body, password).toEqual({
          errors: { password: ['is too common; choose a less guessable one'] },
        });
      }
      const short = await change(client, {
        current_password: DEFAULT_PASSWORD,
        password: 'short',
        password_confirmation: 'short',
      });
      expect(short.body.errors.password).toEqual(['is too short (minimum is 8 characters)']);
      const mismatch = await change(client, {
        current_password: DEFAULT_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: `${NEW_PASSWORD}!`,
      });
      expect(mismatch.body).toEqual({ errors: { password_confirmation: ["doesn't match Password"] } });
      expect((await signIn(member)).res.status).toBe(200);
    });

    it('changes the password, ends every other session, keeps this one and mails the member', async () => {
      const member = await createMember(app);
      const here = await signedIn(member);
      const elsewhere = await signedIn(member, SAFARI_IPHONE);
      const res = await change(here, {
        current_password: DEFAULT_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'Your password has been changed. Every other device was signed out.',
      });
      expect(await isSignedIn(here)).toBe(true);
      expect(await isSignedIn(elsewhere)).toBe(false);
      const mail = await waitForMail(app, member.email);
      expect(mail.subject).toBe('Your Hearth password was changed');
      expect((await signIn(member)).res.status).toBe(401);
      expect((await signIn(member, NEW_PASSWORD)).res.status).toBe(200);
    });
  });

  describe('wrong current passwords are throttled like sign-in', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ rateLimits: true });
    });
    afterAll(() => limited.close());

    it('answers 429 with Retry-After once one client has tried too often at the account', async () => {
      const member = await createMember(limited);
      const client = limited.client();
      const signInRes = await client.post('/api/users/sign_in', {
        user: { email: member.email, password: DEFAULT_PASSWORD },
      });
      expect(signInRes.status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await client.patch('/api/account/password', {
          user: {
            current_password: `wrong ${i}`,
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          },
        });
        statuses.push(res.status);
      }
      // The sign-in above was the first of the 10 attempts allowed per account and client.
      expect(statuses.slice(0, 9)).toEqual(Array(9).fill(422));
      expect(statuses[9]).toBe(429);
      const right = await client.patch('/api/account/password', {
        user: {
          current_password: DEFAULT_PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        },
      });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('email change', () => {
    const request = (client: TestClient, email: string, current_password = DEFAULT_PASSWORD) =>
      client.post('/api/account/email', { user: { email, current_password } });
    const confirm = (client: TestClient, token: string) =>
      client.post('/api/account/email/confirmation', { user: { token } });
    const tokenFrom = (text: string) => {
      const match = text.match(/\/settings\/email-confirmation\?token=([A-Za-z0-9_-]+)/);
      if (!match) throw new Error(`no email change link in: ${text}`);
      return match[1]!;
    };

    it('needs the current password', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const res = await request(client, 'somewhere@example.test', 'wrong password');
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { current_password: ['is incorrect'] } });
    });

    it('refuses the current address', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const res = await request(client, member.email.toUpperCase());
      expect(res.body).toEqual({ errors: { email: ['is already your address'] } });
    });

    it('changes the address only after the link mailed to it is followed, and tells the old one', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const other = await signedIn(member, SAFARI_IPHONE);
      const newEmail = `moved_${member.username}@example.test`;
      const res = await request(client, newEmail);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ email: member.email, pending_email: newEmail });
      expect((await client.get('/api/account/security')).body.pending_email).toBe(newEmail);
      expect((await userRow(member.id)).email).toBe(member.email);

      const mail = await waitForMail(app, newEmail);
      expect(mail.subject).toBe('Confirm your new email address for Hearth');
      const token = tokenFrom(mail.text);
      const [stored] = await app.context.db
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.userId, member.id));
      expect(stored!.tokenHash).toBe(hashToken(token));

      const confirmed = await confirm(client, token);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ email: newEmail, pending_email: null });
      expect((await userRow(member.id)).email).toBe(newEmail);
      expect(await isSignedIn(client)).toBe(true);
      expect(await isSignedIn(other)).toBe(false);

      const notice = await waitForMail(app, member.email);
      expect(notice.subject).toBe('Your Hearth email address was changed');
      expect(notice.text).toContain(newEmail);
      expect(notice.text).not.toContain(token);
      expect(notice.text).not.toMatch(/token=/);
      expect((await signIn({ email: newEmail })).res.status).toBe(200);
      expect((await signIn(member)).res.status).toBe(401);
    });

    it('spends the token once', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const newEmail = `once_${member.username}@example.test`;
      await request(client, newEmail);
      const token = tokenFrom((await waitForMail(app, newEmail)).text);
      expect((await confirm(client, token)).status).toBe(200);
      const again = await confirm(client, token);
      expect(again.status).toBe(422);
      expect(again.body).toEqual({ error: 'This confirmation link is invalid or has expired.' });
    });

    it("refuses an expired token, and another member cannot use someone else's", async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const newEmail = `late_${member.username}@example.test`;
      await request(client, newEmail);
      const token = tokenFrom((await waitForMail(app, newEmail)).text);
      const stranger = await signedIn(await createMember(app));
      expect((await confirm(stranger, token)).status).toBe(422);
      await app.context.db.execute(
        sql`update email_changes set expires_at = now() - interval '1 minute' where user_id = ${member.id}`,
      );
      expect((await confirm(client, token)).status).toBe(422);
      expect((await userRow(member.id)).email).toBe(member.email);
    });

    it('answers a taken address exactly like a free one and mails its owner instead', async () => {
      const member = await createMember(app);
      const owner = await createMember(app);
      const client = await signedIn(member);
      const free = await request(client, `free_${member.username}@example.test`);
      const taken = await request(client, owner.email);
      expect(taken.status).toBe(free.status);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
      expect(taken.body.pending_email).toBe(owner.email);
      const mail = await waitForMail(app, owner.email);
      expect(mail.subject).toBe('Someone tried to use your address on Hearth');
      expect(mail.text).not.toMatch(/token=/);
      expect((await userRow(member.id)).email).toBe(member.email);
    });

    it('can be cancelled: the pending change and its link are gone', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const newEmail = `cancel_${member.username}@example.test`;
      await request(client, newEmail);
      const token = tokenFrom((await waitForMail(app, newEmail)).text);
      expect((await client.delete('/api/account/email')).status).toBe(204);
      expect((await client.get('/api/account/security')).body.pending_email).toBeNull();
      expect((await confirm(client, token)).status).toBe(422);
    });
  });

  describe('sessions', () => {
    it("lists the member's live sessions with browser, system, network and times", async () => {
      const member = await createMember(app);
      const here = await signedIn(member);
      await signedIn(member, SAFARI_IPHONE);
      await signedIn(await createMember(app)); // someone else's, never listed
      const res = await here.get('/api/account/sessions');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
      const current = res.body.find((s: { current: boolean }) => s.current);
      const phone = res.body.find((s: { current: boolean }) => !s.current);
      expect(current).toMatchObject({
        browser: 'Firefox 120',
        os: 'Linux',
        network: '127.0.0.0/24',
        created_ago: 'just now',
        last_seen_ago: 'just now',
      });
      expect(phone).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.1' });
      expect(Date.parse(current.created_at)).not.toBeNaN();
      expect(Date.parse(current.last_seen_at)).not.toBeNaN();
      expect(JSON.stringify(res.body)).not.toContain('token');
    });

    it('updates last seen at most once a minute', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const [row] = await app.context.db.select().from(sessions).where(eq(sessions.userId, member.id));
      const old = new Date(Date.now() - 5 * 60 * 1000);
      await app.context.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, row!.id));
      await client.get('/api/auth');
      const [seen] = await app.context.db.select().from(sessions).where(eq(sessions.id, row!.id));
      expect(seen!.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
      const recent = new Date(Date.now() - 10 * 1000);
      await app.context.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.id, row!.id));
      await client.get('/api/auth');
      const [unchanged] = await app.context.db.select().from(sessions).where(eq(sessions.id, row!.id));
      expect(unchanged!.lastSeenAt.getTime()).toBe(recent.getTime());
    });

    it('signs out one other session', async () => {
      const member = await createMember(app);
      const here = await signedIn(member);
      const phone = await signedIn(member, SAFARI_IPHONE);
      const list = (await here.get('/api/account/sessions')).body;
      const other = list.find((s: { current: boolean }) => !s.current);
      expect((await here.delete(`/api/account/sessions/${other.id}`)).status).toBe(204);
      expect(await isSignedIn(phone)).toBe(false);
      expect(await isSignedIn(here)).toBe(true);
    });

    it('signs out all others and keeps this one', async () => {
      const member = await createMember(app);
      const here = await signedIn(member);
      const a = await signedIn(member, SAFARI_IPHONE);
      const b = await signedIn(member);
      expect((await here.delete('/api/account/sessions')).status).toBe(204);
      expect(await isSignedIn(here)).toBe(true);
      expect(await isSignedIn(a)).toBe(false);
      expect(await isSignedIn(b)).toBe(false);
      expect((await here.get('/api/account/sessions')).body).toHaveLength(1);
    });

    it("answers 404 for another member's session and leaves it alone", async () => {
      const member = await createMember(app);
      const here = await signedIn(member);
      const stranger = await createMember(app);
      const theirs = await signedIn(stranger);
      const [row] = await app.context.db.select().from(sessions).where(eq(sessions.userId, stranger.id));
      const res = await here.delete(`/api/account/sessions/${row!.id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(await isSignedIn(theirs)).toBe(true);
      expect((await here.delete('/api/account/sessions/not-an-id')).status).toBe(422);
    });

    it('signing out this session from the list signs this browser out', async () => {
      const member = await createMember(app);
      const here = await signedIn(member);
      const list = (await here.get('/api/account/sessions')).body;
      const current = list.find((s: { current: boolean }) => s.current);
      expect((await here.delete(`/api/account/sessions/${current.id}`)).status).toBe(204);
      expect(await isSignedIn(here)).toBe(false);
    });
  });
});
