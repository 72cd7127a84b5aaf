import * as OTPAuth from 'otpauth';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '../../../shared/api/account-deletion';
import { calendarDate } from '../../../shared/domain/time';
import {
  comments,
  dataExports,
  emailChanges,
  follows,
  groupRoles,
  groups,
  invitations,
  links,
  pendingSignIns,
  posts,
  sessions,
  userBlocks,
  users,
} from '../../db/schema';
import { exportStorageKey } from '../data-exports/data-exports.build';
import { allStorageKeys } from '../files/files.keys';
import { leadImageStorageKey } from '../links/pipeline/lead-image';
import {
  createMember,
  DEFAULT_PASSWORD,
  type Member,
  signedInClient,
} from '../../../tests/support/factories';
import { jpeg, uploadAccepted } from '../../../tests/support/file-factories';
import { addToGroup, createGroupAs, createPostAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp, waitForJobsDone, waitForMail } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { ACCOUNT_DELETION_JOB, sweepAccounts } from './account-deletion.job';
import { deleteDueAccount } from './account-deletion.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const codeAt = (secret: string, timestamp = Date.now()) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });

describe('deleting an account', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function signIn(member: { email: string }, client = app.client()) {
    const res = await client.post('/api/users/sign_in', {
      user: { email: member.email, password: DEFAULT_PASSWORD },
    });
    return { client, res };
  }
  async function signedIn(member: Member): Promise<TestClient> {
    const { client, res } = await signIn(member);
    expect(res.status).toBe(200);
    return client;
  }
  const requestDeletion = (client: TestClient, user: Record<string, unknown>) =>
    client.post('/api/account/deletion', { user });
  const userRow = async (id: string) =>
    (await app.context.db.select().from(users).where(eq(users.id, id)))[0];
  const isSignedIn = async (client: TestClient) => (await client.get('/api/auth')).status === 200;
  /** Moves a scheduled deletion's date into the past, as if the grace period were over. */
  const makeDue = (id: string) =>
    app.context.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, id));
  /** Runs the periodic sweep and waits for the per-account jobs it queued. */
  async function runDeletions() {
    const result = await sweepAccounts(app.context);
    await waitForJobsDone(app, ACCOUNT_DELETION_JOB, { timeoutMs: 30_000 });
    return result;
  }

  describe('asking for it', () => {
    it('shows nothing pending, the grace period and what the request needs', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const res = await client.get('/api/account/deletion');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        scheduled: null,
        grace_days: 14,
        two_factor_required: false,
        blocked_reason: null,
      });
    });

    it('refuses a wrong password with a field error, schedules nothing and keeps the member signed in', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const res = await requestDeletion(client, { current_password: 'not my password' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { current_password: ['is incorrect'] } });
      expect((await userRow(member.id))!.deletionDueAt).toBeNull();
      expect(await isSignedIn(client)).toBe(true);
    });

    it('refuses a missing password in the error shape', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const res = await requestDeletion(client, {});
      expect(res.status).toBe(422);
      expect(res.body.errors.current_password).toBeDefined();
    });

    it('schedules the deletion 14 days out, signs out every device and mails the date', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const other = await signedIn(member);
      const before = Date.now();
      const res = await requestDeletion(client, { current_password: DEFAULT_PASSWORD });
      expect(res.status).toBe(202);
      const dueAt = new Date(res.body.scheduled.due_at).getTime();
      expect(dueAt).toBeGreaterThanOrEqual(before + 14 * DAY_MS - 1000);
      expect(dueAt).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS + 1000);
      const row = (await userRow(member.id))!;
      expect(row.deletionRequestedAt).not.toBeNull();
      expect(row.deletionDueAt!.getTime()).toBe(dueAt);
      // Every session ended, this one's cookie included.
      expect(res.headers.getSetCookie().some((cookie) => /^hearth_session=;/.test(cookie))).toBe(true);
      expect(await isSignedIn(client)).toBe(false);
      expect(await isSignedIn(other)).toBe(false);
      const left = await app.context.db.select().from(sessions).where(eq(sessions.userId, member.id));
      expect(left).toEqual([]);
      const mail = await waitForMail(app, member.email);
      // The member has no time zone yet: the day in UTC, written as every date Hearth shows.
      const date = calendarDate(new Date(dueAt), 'UTC');
      expect(mail.subject).toBe(`Your Hearth account will be deleted on ${date}`);
      expect(mail.text).toContain(
        `Your Hearth account will be deleted on ${date}. Sign in before then to keep it.`,
      );
    });

    it('is throttled like sign-in: repeated wrong passwords end in 429', async () => {
      const limited = await createTestApp({ rateLimits: true });
      try {
        const member = await createMember(limited);
        const client = await signedInClient(limited, member);
        let last = 0;
        for (let attempt = 0; attempt < 30 && last !== 429; attempt++) {
          last = (await client.post('/api/account/deletion', { user: { current_password: 'wrong' } })).status;
          expect([422, 429]).toContain(last);
        }
        expect(last).toBe(429);
        expect(
          (await limited.context.db.select().from(users).where(eq(users.id, member.id)))[0]!.deletionDueAt,
        ).toBeNull();
      } finally {
        await limited.close();
      }
    });

    it('refuses the only admin until another admin exists', async () => {
      await app.context.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      const admin = await createMember(app, { isAdmin: true });
      const client = await signedIn(admin);
      expect((await client.get('/api/account/deletion')).body.blocked_reason).toBe(
        ACCOUNT_DELETION_MESSAGES.soleAdmin,
      );
      const refused = await requestDeletion(client, { current_password: DEFAULT_PASSWORD });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ errors: { base: [ACCOUNT_DELETION_MESSAGES.soleAdmin] } });
      expect((await userRow(admin.id))!.deletionDueAt).toBeNull();

      await createMember(app, { isAdmin: true });
      expect((await client.get('/api/account/deletion')).body.blocked_reason).toBeNull();
      expect((await requestDeletion(client, { current_password: DEFAULT_PASSWORD })).status).toBe(202);
    });
  });

  describe('signing in during the grace period', () => {
    it('cancels the deletion, says so in the sign-in answer and mails the member', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      expect((await requestDeletion(client, { current_password: DEFAULT_PASSWORD })).status).toBe(202);
      await waitForMail(app, member.email);

      const back = await signIn(member);
      expect(back.res.status).toBe(200);
      expect(back.res.body).toMatchObject({
        id: member.id,
        username: member.username,
        deletion_cancelled: true,
      });
      const row = (await userRow(member.id))!;
      expect(row.deletionDueAt).toBeNull();
      expect(row.deletionRequestedAt).toBeNull();
      expect((await back.client.get('/api/account/deletion')).body.scheduled).toBeNull();
      const mail = await waitForMail(app, member.email, { count: 2 });
      expect(mail.subject).toBe('Your Hearth account will not be deleted');

      // Told once: the next sign-in has nothing to cancel.
      expect((await signIn(member)).res.body.deletion_cancelled).toBe(false);
    });

    it('with two-factor sign-in: the request needs a code, and only the code step cancels', async () => {
      const member = await createMember(app);
      const client = await signedIn(member);
      const setup = await client.post('/api/account/two_factor', {
        user: { current_password: DEFAULT_PASSWORD },
      });
      const confirmed = await client.post('/api/account/two_factor/confirmation', {
        user: { code: codeAt(setup.body.secret, Date.now() - 30_000) },
      });
      expect(confirmed.status).toBe(200);
      expect((await client.get('/api/account/deletion')).body.two_factor_required).toBe(true);

      const noCode = await requestDeletion(client, { current_password: DEFAULT_PASSWORD });
      expect(noCode.body).toEqual({ errors: { code: ["can't be blank"] } });
      const wrongCode = await requestDeletion(client, { current_password: DEFAULT_PASSWORD, code: '000000' });
      expect(wrongCode.body).toEqual({ errors: { code: ['is incorrect or has already been used'] } });
      expect((await userRow(member.id))!.deletionDueAt).toBeNull();
      const recovery = confirmed.body.recovery_codes[0] as string;
      const done = await requestDeletion(client, { current_password: DEFAULT_PASSWORD, code: recovery });
      expect(done.status).toBe(202);

      const passwordStep = await signIn(member);
      expect(passwordStep.res.body.two_factor_required).toBe(true);
      // The password alone proves little: the deletion still stands.
      expect((await userRow(member.id))!.deletionDueAt).not.toBeNull();
      const codeStep = await passwordStep.client.post('/api/users/sign_in/two_factor', {
        user: { sign_in_token: passwordStep.res.body.sign_in_token, code: codeAt(setup.body.secret) },
      });
      expect(codeStep.status).toBe(200);
      expect(codeStep.body.deletion_cancelled).toBe(true);
      expect((await userRow(member.id))!.deletionDueAt).toBeNull();
    });
  });

  describe('the deletion job', () => {
    it('deletes a due account and leaves the right things', async () => {
      const leaver = await createMember(app);
      const client = await signedInClient(app, leaver);
      const friend = await createMember(app);
      const friendClient = await signedInClient(app, friend);

      // Content: a post with an image, a comment under a friend's post with a friend's reply under it.
      const photo = await uploadAccepted(app, client, { bytes: await jpeg(), contentType: 'image/jpeg' });
      const post = await client.post('/api/posts', {
        post: { tldr: 'Mine', content: '', file_request_id: photo.id },
      });
      expect(post.status).toBe(201);
      const friendPost = await createPostAs(friendClient, { tldr: 'Theirs' });
      const comment = await client.post(`/api/posts/${friendPost.id}/comments`, {
        comment: { content: 'Hi' },
      });
      const reply = await friendClient.post(`/api/posts/${friendPost.id}/comments`, {
        comment: { content: 'Hello back', parent_id: comment.body.id },
      });
      expect(reply.status).toBe(201);
      expect((await client.post(`/api/posts/${friendPost.id}/likes`)).status).toBeLessThan(300);
      expect((await client.put(`/api/posts/${friendPost.id}/reactions/heart`)).status).toBe(200);
      expect((await friendClient.put(`/api/posts/${friendPost.id}/reactions/heart`)).status).toBe(200);
      // A link with Hearth's copy of its lead image.
      const url = `https://news.example.test/${Date.now()}`;
      const [link] = await app.context.db
        .insert(links)
        .values({ userId: leaver.id, url, normalizedUrl: url, domain: 'news.example.test' })
        .returning();
      await app.context.storage.write(leadImageStorageKey(link!.id), await jpeg(), 'image/jpeg');
      await app.context.db
        .update(links)
        .set({ leadImageKey: leadImageStorageKey(link!.id) })
        .where(eq(links.id, link!.id));
      // People: a follow, a block, a member they invited and an invitation not yet used.
      const stranger = await createMember(app);
      await app.context.db.insert(follows).values({ followerId: friend.id, followeeId: leaver.id });
      await app.context.db.insert(userBlocks).values({ blockerId: leaver.id, blockedId: stranger.id });
      const invited = await createMember(app, { invitedById: leaver.id });
      expect(
        (await client.post('/api/invitations', { invitation: { email: 'later@example.test' } })).status,
      ).toBe(201);

      // Groups: one passes to its longest-standing Moderator (not the older Poster), one has nobody else.
      const shared = await createGroupAs(client);
      const poster = await createMember(app);
      const olderModerator = await createMember(app);
      const newerModerator = await createMember(app);
      await addToGroup(app, shared.id, poster.id, 'Poster');
      await addToGroup(app, shared.id, olderModerator.id, 'Moderator');
      await addToGroup(app, shared.id, newerModerator.id, 'Moderator');
      await app.context.db.execute(
        sql`update group_roles set created_at = now() - interval '3 days' where user_id = ${poster.id}`,
      );
      await app.context.db.execute(
        sql`update group_roles set created_at = now() - interval '2 days' where user_id = ${olderModerator.id}`,
      );
      const alone = await createGroupAs(client);
      // A group with a second Owner keeps that Owner and promotes nobody.
      const coOwned = await createGroupAs(client);
      const coOwner = await createMember(app);
      const coModerator = await createMember(app);
      await addToGroup(app, coOwned.id, coOwner.id, 'Owner');
      await addToGroup(app, coOwned.id, coModerator.id, 'Moderator');

      // A copy of their data, ready to download: the zip is in storage, not only a row.
      const [zip] = await app.context.db
        .insert(dataExports)
        .values({ userId: leaver.id, status: 'ready', byteSize: 4, completedAt: new Date() })
        .returning();
      await app.context.storage.write(exportStorageKey(zip!.id), Buffer.from('PK..'), 'application/zip');
      await app.context.db
        .update(dataExports)
        .set({ storageKey: exportStorageKey(zip!.id) })
        .where(eq(dataExports.id, zip!.id));

      const photoKeys = allStorageKeys(photo.id);
      expect(await app.context.storage.head(`${photo.id}.image`)).not.toBeNull();
      expect(await app.context.storage.head(exportStorageKey(zip!.id))).not.toBeNull();

      expect((await requestDeletion(client, { current_password: DEFAULT_PASSWORD })).status).toBe(202);
      await makeDue(leaver.id);
      await runDeletions();

      expect(await userRow(leaver.id)).toBeUndefined();
      for (const key of photoKeys) expect(await app.context.storage.head(key)).toBeNull();
      expect(await app.context.storage.head(leadImageStorageKey(link!.id))).toBeNull();
      expect(await app.context.storage.head(exportStorageKey(zip!.id))).toBeNull();
      expect(await app.context.db.select().from(posts).where(eq(posts.userId, leaver.id))).toEqual([]);
      expect(await app.context.db.select().from(links).where(eq(links.userId, leaver.id))).toEqual([]);
      // The friend's post stays; the comment goes, and with it the reply under it (ADR 022).
      expect((await friendClient.get(`/api/posts/${friendPost.id}`)).body.likes_count).toBe(0);
      // Their reaction goes with them; the friend's own stays.
      expect((await friendClient.get(`/api/posts/${friendPost.id}`)).body.reactions).toEqual([
        { emoji: 'heart', count: 1, reacted: true },
      ]);
      expect(await app.context.db.select().from(comments).where(eq(comments.postId, friendPost.id))).toEqual(
        [],
      );
      expect(await app.context.db.select().from(follows).where(eq(follows.followeeId, leaver.id))).toEqual(
        [],
      );
      expect(
        await app.context.db.select().from(userBlocks).where(eq(userBlocks.blockerId, leaver.id)),
      ).toEqual([]);
      // The invitation tree: the invited member stays, unattached; the unused invitation is gone.
      const invitedRow = (await userRow(invited.id))!;
      expect(invitedRow.invitedById).toBeNull();
      expect(
        await app.context.db.select().from(invitations).where(eq(invitations.inviterId, leaver.id)),
      ).toEqual([]);

      const roleIn = async (groupId: string, userId: string) =>
        (
          await app.context.db
            .select({ role: groupRoles.role })
            .from(groupRoles)
            .where(and(eq(groupRoles.groupId, groupId), eq(groupRoles.userId, userId)))
        )[0]?.role;
      expect(await roleIn(shared.id, olderModerator.id)).toBe('Owner');
      expect(await roleIn(shared.id, newerModerator.id)).toBe('Moderator');
      expect(await roleIn(shared.id, poster.id)).toBe('Poster');
      expect(await app.context.db.select().from(groups).where(eq(groups.id, alone.id))).toEqual([]);
      expect(await roleIn(coOwned.id, coOwner.id)).toBe('Owner');
      expect(await roleIn(coOwned.id, coModerator.id)).toBe('Moderator');

      // The username and address are free again.
      const newcomer = await createMember(app, { username: leaver.username, email: leaver.email });
      expect(newcomer.id).not.toBe(leaver.id);
    });

    it('passes a group with no Moderator to its longest-standing member', async () => {
      const leaver = await createMember(app);
      const client = await signedInClient(app, leaver);
      const group = await createGroupAs(client);
      const newer = await createMember(app);
      const older = await createMember(app);
      await addToGroup(app, group.id, newer.id, 'Commentor');
      await addToGroup(app, group.id, older.id, 'Poster');
      await app.context.db.execute(
        sql`update group_roles set created_at = now() - interval '1 day' where user_id = ${older.id}`,
      );
      await app.context.db
        .update(users)
        .set({ deletionRequestedAt: new Date(), deletionDueAt: new Date(Date.now() - 1000) })
        .where(eq(users.id, leaver.id));
      expect(await deleteDueAccount(app.context, leaver.id)).toBe('deleted');
      const roles = await app.context.db
        .select({ userId: groupRoles.userId, role: groupRoles.role })
        .from(groupRoles)
        .where(eq(groupRoles.groupId, group.id));
      expect(roles).toEqual(
        expect.arrayContaining([
          { userId: older.id, role: 'Owner' },
          { userId: newer.id, role: 'Commentor' },
        ]),
      );
    });

    it('leaves accounts not yet due, and is safe to run twice', async () => {
      const due = await createMember(app);
      const waiting = await createMember(app);
      const untouched = await createMember(app);
      const scheduleAt = (id: string, dueAt: Date) =>
        app.context.db
          .update(users)
          .set({ deletionRequestedAt: new Date(), deletionDueAt: dueAt })
          .where(eq(users.id, id));
      await scheduleAt(due.id, new Date(Date.now() - 1000));
      await scheduleAt(waiting.id, new Date(Date.now() + DAY_MS));

      await runDeletions();
      expect(await userRow(due.id)).toBeUndefined();
      expect(await userRow(waiting.id)).toBeDefined();
      expect(await userRow(untouched.id)).toBeDefined();

      // Again: nothing left to do, and nothing breaks.
      expect(await deleteDueAccount(app.context, due.id)).toBe('not_due');
      expect(await deleteDueAccount(app.context, waiting.id)).toBe('not_due');
      await runDeletions();
      expect(await userRow(waiting.id)).toBeDefined();
    });

    it('purges expired two-factor sign-ins and email changes, and keeps live ones', async () => {
      const member = await createMember(app);
      const other = await createMember(app);
      const past = new Date(Date.now() - 60_000);
      const future = new Date(Date.now() + 60 * 60_000);
      await app.context.db.insert(pendingSignIns).values([
        { userId: member.id, tokenHash: `expired-${member.id}`, expiresAt: past },
        { userId: member.id, tokenHash: `live-${member.id}`, expiresAt: future },
      ]);
      await app.context.db.insert(emailChanges).values([
        {
          userId: member.id,
          newEmail: 'gone@example.test',
          tokenHash: `expired-${member.id}`,
          expiresAt: past,
        },
        { userId: other.id, newEmail: 'kept@example.test', tokenHash: `live-${other.id}`, expiresAt: future },
      ]);

      await sweepAccounts(app.context);

      const signIns = await app.context.db
        .select({ tokenHash: pendingSignIns.tokenHash })
        .from(pendingSignIns)
        .where(eq(pendingSignIns.userId, member.id));
      expect(signIns).toEqual([{ tokenHash: `live-${member.id}` }]);
      const changes = await app.context.db
        .select({ userId: emailChanges.userId })
        .from(emailChanges)
        .where(sql`${emailChanges.userId} in (${member.id}, ${other.id})`);
      expect(changes).toEqual([{ userId: other.id }]);
    });
  });

  it('needs a session', async () => {
    expect((await app.client().get('/api/account/deletion')).status).toBe(401);
    expect(
      (await app.client().post('/api/account/deletion', { user: { current_password: 'x' } })).status,
    ).toBe(401);
  });
});
