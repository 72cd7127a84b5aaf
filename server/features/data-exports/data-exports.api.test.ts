import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { dataExports, users } from '../../db/schema';
import { memberWithClient, type Member } from '../../../tests/support/factories';
import { fetchBytes, uploadAccepted } from '../../../tests/support/file-factories';
import { publishAs } from '../../../tests/support/public-post-factories';
import { addToGroup, createGroupAs, createPostAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp, waitForJobsDone, waitForMail } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { openZip } from '../../../tests/support/zip';
import { MAIL_JOB_NAME } from '../mail/mail.job';
import { exportStorageKey, runExportBuild } from './data-exports.build';
import { sweepExpiredExports } from './data-exports.cleanup';
import { deleteExportsOf } from './data-exports.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const FINAL = { retryCount: 3, final: true };
const FIRST = { retryCount: 0, final: false };

describe('export my data', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  const exportRow = async (id: string) =>
    (await app.context.db.select().from(dataExports).where(eq(dataExports.id, id)))[0];

  /** Polls the member's list until the export leaves `pending` (the job runs in the app's worker). */
  async function settled(client: TestClient, id: string) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const list = await client.get('/api/account/exports');
      const found = list.body.find((e: { id: string }) => e.id === id);
      if (found && found.status !== 'pending') return found;
      if (Date.now() > deadline) throw new Error(`export ${id} still pending`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A member's export requested through the API and built by the real job. */
  async function exportFor(client: TestClient) {
    const res = await client.post('/api/account/exports');
    expect(res.status).toBe(202);
    return settled(client, res.body.id);
  }

  async function download(client: TestClient, url: string) {
    const { response, bytes } = await fetchBytes(client, url);
    return { response, bytes };
  }

  it('needs a session for every route', async () => {
    const visitor = app.client();
    expect((await visitor.post('/api/account/exports')).status).toBe(401);
    expect((await visitor.get('/api/account/exports')).status).toBe(401);
    const { client } = await memberWithClient(app);
    const ready = await exportFor(client);
    expect((await visitor.get(ready.download_url)).status).toBe(401);
  });

  it('starts one export at a time, builds it, mails the member and then holds new ones for an hour', async () => {
    const { member, client } = await memberWithClient(app, { timeZone: 'Europe/Lisbon' });
    const started = await client.post('/api/account/exports');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'pending', download_url: null, byte_size: null });

    // A second click while it is being prepared gets the same export, not a second one.
    const again = await client.post('/api/account/exports');
    expect([200, 429]).toContain(again.status);
    if (again.status === 200) expect(again.body.id).toBe(started.body.id);

    const ready = await settled(client, started.body.id);
    expect(ready).toMatchObject({
      status: 'ready',
      download_url: `/api/account/exports/${started.body.id}/download`,
    });
    expect(ready.byte_size).toBeGreaterThan(100);
    const completed = new Date(ready.completed_at).getTime();
    expect(new Date(ready.expires_at).getTime() - completed).toBe(7 * DAY_MS);

    const mail = await waitForMail(app, member.email);
    expect(mail.subject).toBe('Your Hearth data export is ready');
    expect(mail.text).toContain('http://hearth.test/settings/data');
    const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'Europe/Lisbon' }).format(
      new Date(ready.expires_at),
    );
    expect(mail.text).toContain(`available until ${expiry}`);

    const throttled = await client.post('/api/account/exports');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(throttled.body.error).toMatch(/once an hour/);
    const list = await client.get('/api/account/exports');
    expect(list.body.map((e: { id: string }) => e.id)).toEqual([started.body.id]);
  });

  it('two requests at once start one export', async () => {
    const { member, client } = await memberWithClient(app);
    const answers = await Promise.all([
      client.post('/api/account/exports'),
      client.post('/api/account/exports'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    const rows = await app.context.db.select().from(dataExports).where(eq(dataExports.userId, member.id));
    expect(rows).toHaveLength(1);
  });

  describe('the zip', () => {
    let owner: { member: Member; client: TestClient };
    let other: { member: Member; client: TestClient };
    let zip: ReturnType<typeof openZip>;
    let response: Response;
    const names: Record<string, string> = {};

    beforeAll(async () => {
      owner = await memberWithClient(app);
      other = await memberWithClient(app);
      const group = await createGroupAs(owner.client);
      const secret = await createGroupAs(other.client);
      names.groupPost = (await createPostAs(owner.client, { group_id: group.id, tldr: 'In my group' })).id;
      const open = await createPostAs(owner.client, { tldr: 'For every member', content: 'Hello **all**' });
      names.openPost = open.id;
      names.slug = (await publishAs(owner.client, open.id)).slug;
      names.othersPrivate = (
        await createPostAs(other.client, { group_id: secret.id, tldr: 'Private to their group' })
      ).id;
      // Another member's post in the exporter's own group: the exporter sees it but did not write it.
      await addToGroup(app, group.id, other.member.id, 'Poster');
      const theirsInMyGroup = await createPostAs(other.client, {
        group_id: group.id,
        tldr: 'Their post in my group',
        content: 'Their body, which is theirs to export',
      });
      names.theirsInMyGroup = theirsInMyGroup.id;
      await owner.client.post(`/api/posts/${theirsInMyGroup.id}/comments`, {
        comment: { content: 'My comment on their group post' },
      });
      const othersOpen = await createPostAs(other.client, { tldr: 'Their open post' });
      const theirComment = await other.client.post(`/api/posts/${othersOpen.id}/comments`, {
        comment: { content: 'Their words, not mine' },
      });
      await owner.client.post(`/api/posts/${othersOpen.id}/comments`, {
        comment: { content: 'My answer', parent_id: theirComment.body.id },
      });
      await owner.client.post(`/api/posts/${othersOpen.id}/likes`);
      await owner.client.put(`/api/posts/${othersOpen.id}/reactions/celebrate`);
      await owner.client.put(`/api/comments/${theirComment.body.id}/reactions/heart`);
      // Another member's reaction is theirs, not the exporter's.
      await other.client.put(`/api/posts/${othersOpen.id}/reactions/sad`);
      const link = await owner.client.post('/api/links', {
        url: 'http://127.0.0.1:9/my-link',
        comment: 'Worth reading',
        visibility: 'private',
      });
      names.link = link.body.id;
      await owner.client.post(`/api/links/${link.body.id}/comments`, { content: 'A note on my link' });
      await owner.client.post(`/api/profiles/${other.member.id}/follow`);
      await other.client.post(`/api/profiles/${owner.member.id}/follow`);
      // A conversation with the other member, and one between two others the owner is not in.
      const talk = await owner.client.post('/api/conversations', {
        conversation: { user_ids: [other.member.id] },
      });
      names.conversation = talk.body.id;
      await owner.client.post(`/api/conversations/${talk.body.id}/messages`, {
        message: { content: 'Hi there' },
      });
      await other.client.post(`/api/conversations/${talk.body.id}/messages`, {
        message: { content: 'Hello back' },
      });
      const third = await memberWithClient(app);
      await other.client.post(`/api/profiles/${third.member.id}/follow`);
      await third.client.post(`/api/profiles/${other.member.id}/follow`);
      const elsewhere = await other.client.post('/api/conversations', {
        conversation: { user_ids: [third.member.id] },
      });
      names.elsewhere = elsewhere.body.id;
      await other.client.post(`/api/conversations/${elsewhere.body.id}/messages`, {
        message: { content: 'Not for the owner' },
      });
      const stranger = await memberWithClient(app);
      await owner.client.post('/api/blocks', { user_id: stranger.member.id });
      await owner.client.post('/api/invitations', { invitation: { email: 'friend@example.test' } });
      // Two uploads with the same name, one with a name that tries to leave the folder.
      for (const name of ['notes.txt', 'notes.txt', '../../etc/passwd']) {
        await uploadAccepted(app, owner.client, {
          name,
          bytes: Buffer.from(`bytes of ${name}\n`),
          contentType: 'text/plain',
        });
      }

      const ready = await exportFor(owner.client);
      const got = await download(owner.client, ready.download_url);
      response = got.response;
      expect(response.status).toBe(200);
      expect(got.bytes.length).toBe(ready.byte_size);
      zip = openZip(got.bytes);
    });

    it('is served as an attachment that no cache keeps', () => {
      const today = new Date().toISOString().slice(0, 10);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="hearth-export-${owner.member.username}-${today}.zip"`,
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    });

    it('holds every document, explained in README.txt', () => {
      for (const name of [
        'README.txt',
        'account.json',
        'posts.json',
        'comments.json',
        'links.json',
        'likes.json',
        'reactions.json',
        'groups.json',
        'follows.json',
        'invitations.json',
        'blocks.json',
        'conversations.json',
      ]) {
        expect(zip.names).toContain(name);
        if (name !== 'README.txt') expect(zip.text('README.txt')).toContain(name);
      }
    });

    it('has the conversations the member is in, with the messages they may read and who wrote each', () => {
      const conversations = zip.json('conversations.json') as { id: string; messages: unknown[] }[];
      expect(conversations.map((conversation) => conversation.id)).toEqual([names.conversation]);
      expect(conversations[0]!.messages).toEqual([
        expect.objectContaining({ sender: owner.member.username, content: 'Hi there', deleted: false }),
        expect.objectContaining({ sender: other.member.username, content: 'Hello back' }),
      ]);
      expect(zip.text('conversations.json')).not.toContain('Not for the owner');
    });

    it('has the account without any secret', async () => {
      const account = zip.json('account.json');
      expect(account).toMatchObject({
        id: owner.member.id,
        username: owner.member.username,
        email: owner.member.email,
      });
      expect(account.created_at).toBe(owner.member.createdAt.toISOString());
      expect(account.notification_preferences.comment).toBeDefined();
      const [row] = await app.context.db.select().from(users).where(eq(users.id, owner.member.id));
      const everything = [...zip.entries.values()].map((b) => b.toString('utf8')).join('\n');
      expect(everything).not.toContain(row!.passwordHash);
      expect(Object.keys(account).join(' ')).not.toMatch(/password|token|secret|recovery|hash/i);
    });

    it('has the member own posts with group, visibility and public address, and nobody else', () => {
      const posts = zip.json<Array<Record<string, any>>>('posts.json');
      const byId = new Map(posts.map((p) => [p.id, p]));
      expect(byId.get(names.groupPost!)).toMatchObject({ visibility: 'group_members', published: null });
      expect(byId.get(names.groupPost!)!.group.id).toBeTruthy();
      expect(byId.get(names.openPost!)).toMatchObject({
        tldr: 'For every member',
        content: 'Hello **all**',
        visibility: 'all_members',
        group: null,
        published: { slug: names.slug, public_url: `http://hearth.test/explore/post/${names.slug}` },
      });
      expect(posts).toHaveLength(2);
      const everything = [...zip.entries.values()].map((b) => b.toString('utf8')).join('\n');
      expect(everything).not.toContain('Private to their group');
      expect(everything).not.toContain(names.othersPrivate);
      expect(everything).not.toContain('Their words, not mine');
      // Seen in the exporter's group, written by someone else: not the exporter's to take.
      expect(byId.has(names.theirsInMyGroup!)).toBe(false);
      expect(everything).not.toContain('Their body, which is theirs to export');
    });

    it('has comments on posts and links, with what each answers', () => {
      const comments = zip.json<Array<Record<string, any>>>('comments.json');
      const onPost = comments.find((c) => c.on === 'post' && c.content === 'My answer')!;
      expect(onPost).toMatchObject({
        content: 'My answer',
        post: { tldr: 'Their open post' },
        in_reply_to: { author_username: other.member.username },
      });
      // The exporter's own words on another member's post are theirs; the post is named, not copied.
      expect(comments.find((c) => c.content === 'My comment on their group post')).toMatchObject({
        on: 'post',
        post: { id: names.theirsInMyGroup, tldr: 'Their post in my group' },
      });
      expect(comments.find((c) => c.on === 'link')).toMatchObject({
        content: 'A note on my link',
        link: { id: names.link, url: 'http://127.0.0.1:9/my-link' },
        in_reply_to: null,
      });
    });

    it('has links, likes, groups, follows, invitations and blocks', () => {
      expect(zip.json('links.json')).toEqual([
        expect.objectContaining({ id: names.link, comment: 'Worth reading', visibility: 'private' }),
      ]);
      expect(zip.json('likes.json').posts).toEqual([expect.objectContaining({ tldr: 'Their open post' })]);
      expect(zip.json('reactions.json')).toEqual({
        posts: [expect.objectContaining({ tldr: 'Their open post', emoji: 'celebrate' })],
        comments: [expect.objectContaining({ tldr: 'Their open post', emoji: 'heart' })],
      });
      expect(zip.json('groups.json').memberships).toEqual([
        expect.objectContaining({ role: 'Owner', created_by_you: true }),
      ]);
      const follows = zip.json('follows.json');
      expect(follows.following.map((f: { username: string }) => f.username)).toEqual([other.member.username]);
      expect(follows.followers.map((f: { username: string }) => f.username)).toEqual([other.member.username]);
      const invitations = zip.json('invitations.json');
      expect(invitations).toEqual([
        expect.objectContaining({ email: 'friend@example.test', redeemed_by: null, redeemed_at: null }),
      ]);
      expect(Object.keys(invitations[0])).not.toContain('code');
      expect(zip.json('blocks.json')).toHaveLength(1);
    });

    it('has the member files, byte for byte, under safe and distinct names', () => {
      const files = zip.names.filter((name) => name.startsWith('files/'));
      expect(files.sort()).toEqual(['files/notes (2).txt', 'files/notes.txt', 'files/passwd'].sort());
      expect(zip.text('files/notes.txt')).toBe('bytes of notes.txt\n');
      expect(zip.text('files/passwd')).toBe('bytes of ../../etc/passwd\n');
      for (const name of zip.names) expect(name).not.toMatch(/(^|\/)\.\.(\/|$)|^\//);
    });

    it('is downloaded by its owner only', async () => {
      const [row] = await app.context.db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, owner.member.id));
      const url = `/api/account/exports/${row!.id}/download`;
      expect((await download(owner.client, url)).response.status).toBe(200);
      const stolen = await other.client.get(url);
      expect(stolen.status).toBe(404);
      expect(stolen.body).toEqual({ error: 'Not found.' });
      const theirs = await other.client.get('/api/account/exports');
      expect(theirs.body).toEqual([]);
    });
  });

  it('an expired export is no longer offered, and the hourly sweep deletes it and its zip', async () => {
    const { client } = await memberWithClient(app);
    const ready = await exportFor(client);
    const key = exportStorageKey(ready.id);
    expect(await app.context.storage.head(key)).not.toBeNull();
    await app.context.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready.id));
    expect((await client.get(ready.download_url)).status).toBe(404);
    const [listed] = (await client.get('/api/account/exports')).body;
    expect(listed).toMatchObject({ id: ready.id, status: 'ready', download_url: null });

    const swept = await sweepExpiredExports(app.context);
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await exportRow(ready.id)).toBeUndefined();
    expect(await app.context.storage.head(key)).toBeNull();
    expect((await client.get('/api/account/exports')).body).toEqual([]);
  });

  it('the sweep keeps unexpired exports and fails exports whose job was lost', async () => {
    const { member, client } = await memberWithClient(app);
    const ready = await exportFor(client);
    const [stale] = await app.context.db
      .insert(dataExports)
      .values({ userId: member.id, status: 'pending', createdAt: new Date(Date.now() - 7 * 60 * 60 * 1000) })
      .returning();
    await sweepExpiredExports(app.context);
    expect((await exportRow(ready.id))!.status).toBe('ready');
    expect(await app.context.storage.head(exportStorageKey(ready.id))).not.toBeNull();
    expect((await exportRow(stale!.id))!.status).toBe('failed');
  });

  describe('a build that fails', () => {
    async function pendingExportOf(member: Member) {
      const [row] = await app.context.db
        .insert(dataExports)
        .values({ userId: member.id, status: 'pending' })
        .returning();
      return row!;
    }

    it('is retried, then marked failed on its last attempt, and the member can try again', async () => {
      const { member, client } = await memberWithClient(app);
      const row = await pendingExportOf(member);
      const write = vi.spyOn(app.context.storage, 'writeFile').mockRejectedValue(new Error('disk full'));

      await expect(runExportBuild(app.context, row.id, FIRST)).rejects.toThrow('disk full');
      expect((await exportRow(row.id))!.status).toBe('pending');
      await runExportBuild(app.context, row.id, FINAL);
      expect(write).toHaveBeenCalledTimes(2);
      expect(await exportRow(row.id)).toMatchObject({ status: 'failed', storageKey: null });
      const [listed] = (await client.get('/api/account/exports')).body;
      expect(listed).toMatchObject({ id: row.id, status: 'failed', download_url: null });
      expect((await client.get(`/api/account/exports/${row.id}/download`)).status).toBe(404);

      write.mockRestore();
      // A failed export does not count against the hourly limit.
      const again = await exportFor(client);
      expect(again.status).toBe('ready');
    });

    it('run twice makes one zip and one mail', async () => {
      const { member } = await memberWithClient(app);
      const row = await pendingExportOf(member);
      const write = vi.spyOn(app.context.storage, 'writeFile');
      await Promise.all([
        runExportBuild(app.context, row.id, FIRST),
        runExportBuild(app.context, row.id, FIRST),
      ]);
      await runExportBuild(app.context, row.id, FIRST);
      const done = await exportRow(row.id);
      expect(done).toMatchObject({ status: 'ready', storageKey: exportStorageKey(row.id) });
      expect(await app.context.storage.head(done!.storageKey!)).toEqual({ size: done!.byteSize });
      // Every write went to the export's one key (a rerun overwrites, never adds).
      expect(new Set(write.mock.calls.map((call) => call[0]))).toEqual(new Set([exportStorageKey(row.id)]));
      await waitForMail(app, member.email);
      await waitForJobsDone(app, MAIL_JOB_NAME);
      expect(app.mailer.sent.filter((mail) => mail.to === member.email)).toHaveLength(1);
    });
  });

  it('deleteExportsOf removes a member exports and their zips', async () => {
    const { member, client } = await memberWithClient(app);
    const ready = await exportFor(client);
    const key = exportStorageKey(ready.id);
    expect(await app.context.storage.head(key)).not.toBeNull();
    expect(await deleteExportsOf(app.context, member.id)).toBe(1);
    expect(await exportRow(ready.id)).toBeUndefined();
    expect(await app.context.storage.head(key)).toBeNull();
  });
});
