import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../shared/domain/constants';
import { groupRoles, links, notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createInvitation, signUpAndConfirm } from '../../../tests/support/accounts';
import { memberWithClient, type Member } from '../../../tests/support/factories';
import { openStream } from '../../../tests/support/event-stream';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';
import { startFixtureServer, type FixtureServer } from '../links/pipeline/fixtures/fixture-server';
import { processLink } from '../links/links.job';

interface Item {
  id: string;
  kind: string;
  text: string;
  path: string;
  read: boolean;
  others_count: number;
  actor: { name: string; profile_id: string } | null;
  subject: { type: string; id: string; title: string | null } | null;
}

describe('notifications', () => {
  let app: TestApp;
  let fixtures: FixtureServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    app = await createTestApp({
      config: { links: { fetchAllowLoopback: true, llm: null, safeBrowsing: null } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await fixtures?.close();
  });

  const nameOf = (member: Member) => `${member.firstName} ${member.lastName}`;
  const inbox = async (client: TestClient, query = '') => {
    const res = await client.get(`/api/notifications${query}`);
    expect(res.status).toBe(200);
    return res.body as Item[];
  };
  const unread = async (client: TestClient) =>
    ((await client.get('/api/notifications/unread_count')).body as { count: number }).count;

  describe('likes', () => {
    it('tells the author of a like, live, and folds later likers into one line', async () => {
      const author = await memberWithClient(app);
      const ana = await memberWithClient(app);
      const ben = await memberWithClient(app);
      const post = await createPostAs(author.client, { tldr: 'Weekend hike' });
      const stream = await openStream(app.url, author.client);
      try {
        expect((await ana.client.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
        await stream.next((event) => event.type === 'notification.created');
      } finally {
        stream.close();
      }
      const [first] = await inbox(author.client);
      expect(first).toMatchObject({
        kind: 'post_like',
        text: `${nameOf(ana.member)} liked your post “Weekend hike”`,
        path: `/post/${post.id}`,
        read: false,
        others_count: 0,
        actor: { name: nameOf(ana.member), profile_id: ana.member.id },
        subject: { type: 'post', id: post.id, title: 'Weekend hike' },
      });

      await ben.client.post(`/api/posts/${post.id}/likes`);
      const items = await inbox(author.client);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        text: `${nameOf(ben.member)} and 1 other liked your post “Weekend hike”`,
        others_count: 1,
        actor: { profile_id: ben.member.id },
      });
      expect(await unread(author.client)).toBe(1);
    });

    it('notifies once for like, unlike, like; an unlike removes the unread notification', async () => {
      const author = await memberWithClient(app);
      const fan = await memberWithClient(app);
      const post = await createPostAs(author.client);
      await fan.client.post(`/api/posts/${post.id}/likes`);
      await fan.client.post(`/api/posts/${post.id}/likes`);
      expect(await inbox(author.client)).toHaveLength(1);
      await fan.client.delete(`/api/posts/${post.id}/likes`);
      expect(await inbox(author.client)).toEqual([]);
      expect(await unread(author.client)).toBe(0);
      await fan.client.post(`/api/posts/${post.id}/likes`);
      await fan.client.delete(`/api/posts/${post.id}/likes`);
      await fan.client.post(`/api/posts/${post.id}/likes`);
      const rows = await app.context.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientId, author.member.id));
      expect(rows).toHaveLength(1);
      // Once seen, liking again after an unlike does not tell the author a second time.
      await author.client.post('/api/notifications/read_all');
      await fan.client.delete(`/api/posts/${post.id}/likes`);
      await fan.client.post(`/api/posts/${post.id}/likes`);
      expect(await unread(author.client)).toBe(0);
      expect(await inbox(author.client)).toHaveLength(1);
    });

    it('tells nobody about liking their own post', async () => {
      const author = await memberWithClient(app);
      const post = await createPostAs(author.client);
      expect((await author.client.post(`/api/posts/${post.id}/likes`)).body.likes_count).toBe(1);
      expect(await inbox(author.client)).toEqual([]);
    });

    it('tells a link’s owner about likes on it, and an unlike takes it back', async () => {
      const owner = await memberWithClient(app);
      const fan = await memberWithClient(app);
      const created = await owner.client.post('/api/links', {
        url: 'https://example.test/notify-like',
        comment: null,
        visibility: 'published',
      });
      const linkId = (created.body as { id: string }).id;
      expect((await fan.client.post(`/api/links/${linkId}/like`)).status).toBe(200);
      // The worker also reports the link's reading (link_ready/link_failed); only likes matter here.
      const likes = async () => (await inbox(owner.client)).filter((item) => item.kind === 'link_like');
      const [item] = await likes();
      expect(item).toMatchObject({
        kind: 'link_like',
        path: `/links/${linkId}`,
        text: `${nameOf(fan.member)} liked your link “https://example.test/notify-like”`,
      });
      await fan.client.delete(`/api/links/${linkId}/like`);
      expect(await likes()).toEqual([]);
    });
  });

  it('tells a member about a new follower once, and an unfollow takes it back', async () => {
    const followed = await memberWithClient(app);
    const follower = await memberWithClient(app);
    await follower.client.post(`/api/profiles/${followed.member.id}/follow`);
    const [item] = await inbox(followed.client);
    expect(item).toMatchObject({
      kind: 'follow',
      text: `${nameOf(follower.member)} started following you`,
      path: `/profiles/${follower.member.id}`,
      subject: { type: 'profile', id: follower.member.id },
    });
    await follower.client.delete(`/api/profiles/${followed.member.id}/follow`);
    expect(await inbox(followed.client)).toEqual([]);
    await follower.client.post(`/api/profiles/${followed.member.id}/follow`);
    await follower.client.post(`/api/profiles/${followed.member.id}/follow`);
    expect(await inbox(followed.client)).toHaveLength(1);
  });

  it('tells the inviter when the invited member has signed up and confirmed', async () => {
    const inviter = await memberWithClient(app);
    const invitation = await createInvitation(app, { inviterId: inviter.member.id });
    const joined = await signUpAndConfirm(app, app.client(), {
      invitation_code: invitation.code,
      first_name: 'Nora',
      last_name: 'Quist',
    });
    const [item] = await inbox(inviter.client);
    expect(item).toMatchObject({
      kind: 'invitation_redeemed',
      text: 'Nora Quist accepted your invitation and joined',
      path: `/profiles/${joined.id}`,
    });
  });

  it('tells a link’s owner when it is ready and when it could not be read', async () => {
    const owner = await memberWithClient(app);
    const insert = async (path: string) => {
      const url = `http://localhost:${fixtures.port}${path}`;
      const [row] = await app.context.db
        .insert(links)
        .values({ userId: owner.member.id, url, normalizedUrl: url, domain: 'localhost' })
        .returning();
      return row!;
    };
    const good = await insert('/articles/bees');
    const bad = await insert('/not-found');
    await processLink(app.context, good.id, { retryCount: 0, final: true });
    await processLink(app.context, bad.id, { retryCount: 0, final: true });
    const items = await inbox(owner.client);
    const ready = items.find((item) => item.kind === 'link_ready');
    const failed = items.find((item) => item.kind === 'link_failed');
    expect(ready).toMatchObject({ actor: null, path: `/links/${good.id}` });
    expect(ready!.text).toMatch(/^Your link “.+” is ready$/);
    expect(failed).toMatchObject({ actor: null, path: `/links/${bad.id}` });
    expect(failed!.text).toMatch(/^Your link “.+” could not be read$/);
  });

  describe('the list', () => {
    it('pages newest first with x-next-cursor and x-has-next-page, and refuses a bad cursor', async () => {
      const target = await memberWithClient(app);
      const followers = [];
      for (let i = 0; i < 3; i++) {
        const follower = await memberWithClient(app);
        await follower.client.post(`/api/profiles/${target.member.id}/follow`);
        followers.push(follower);
      }
      const first = await target.client.get('/api/notifications?limit=2');
      expect(first.headers.get('x-has-next-page')).toBe('true');
      expect((first.body as Item[]).map((item) => item.actor!.profile_id)).toEqual([
        followers[2]!.member.id,
        followers[1]!.member.id,
      ]);
      const cursor = first.headers.get('x-next-cursor')!;
      const second = await target.client.get(`/api/notifications?limit=2&after=${cursor}`);
      expect(second.headers.get('x-has-next-page')).toBe('false');
      expect((second.body as Item[]).map((item) => item.actor!.profile_id)).toEqual([
        followers[0]!.member.id,
      ]);
      const bad = await target.client.get('/api/notifications?after=not-a-cursor');
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual({ errors: { after: ['is invalid'] } });
      expect((await app.client().get('/api/notifications')).status).toBe(401);
    });

    it('heads a line with its newest row still shown, and pages a group as one line', async () => {
      const author = await memberWithClient(app);
      const [eve, ana, ben, dan, cara] = await Promise.all(
        Array.from({ length: 5 }, () => memberWithClient(app)),
      );
      const post = await createPostAs(author.client, { tldr: 'Harvest supper' });
      // Oldest first: eve follows, ana and ben like, dan follows, cara likes.
      expect((await eve!.client.post(`/api/profiles/${author.member.id}/follow`)).status).toBe(200);
      for (const liker of [ana!, ben!]) {
        expect((await liker.client.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
      }
      expect((await dan!.client.post(`/api/profiles/${author.member.id}/follow`)).status).toBe(200);
      expect((await cara!.client.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
      const before = await inbox(author.client);
      expect(before.map((item) => [item.kind, item.actor!.profile_id, item.others_count])).toEqual([
        ['post_like', cara!.member.id, 2],
        ['follow', dan!.member.id, 0],
        ['follow', eve!.member.id, 0],
      ]);

      // Cara's like, the group's newest row, is hidden by a block: ben's heads the line, after dan's.
      expect((await author.client.post('/api/blocks', { user_id: cara!.member.id })).status).toBe(201);
      const pages: Item[][] = [];
      let query = '?limit=1';
      for (;;) {
        const page = await author.client.get(`/api/notifications${query}`);
        expect(page.status).toBe(200);
        pages.push(page.body as Item[]);
        if (page.headers.get('x-has-next-page') !== 'true') break;
        query = `?limit=1&after=${page.headers.get('x-next-cursor')}`;
      }
      expect(pages.map((page) => page.map((item) => [item.actor!.profile_id, item.others_count]))).toEqual([
        [[dan!.member.id, 0]],
        [[ben!.member.id, 1]],
        [[eve!.member.id, 0]],
      ]);
      expect(pages[1]![0]!.text).toBe(`${nameOf(ben!.member)} and 1 other liked your post “Harvest supper”`);
      expect(await unread(author.client)).toBe(3);
    });

    it('words every kind, for rows other features record', async () => {
      const recipient = await memberWithClient(app);
      const actor = await memberWithClient(app);
      const group = await createGroupAs(recipient.client, 'Climbers');
      const post = await createPostAs(recipient.client, { tldr: 'Weekend hike' });
      const row = { recipientId: recipient.member.id, actorId: actor.member.id };
      const specific: Record<string, Partial<typeof notifications.$inferInsert>> = {
        comment: { postId: post.id },
        reply: { postId: post.id },
        mention: { postId: post.id },
        post_like: { postId: post.id, groupKey: `post_like:${post.id}` },
        link_like: {},
        join_request: { groupId: group.id },
        request_answered: { groupId: group.id, actorId: null, data: { accepted: true } },
        role_changed: { groupId: group.id, data: { role: 'Moderator' } },
        group_removed: { groupId: group.id },
        link_ready: { actorId: null },
        link_failed: { actorId: null },
        content_removed: {
          groupId: group.id,
          data: { reason: 'Off topic', excerpt: 'Buy my bike', subject: 'post' },
        },
      };
      await app.context.db
        .insert(notifications)
        .values(NOTIFICATION_KINDS.map((kind) => ({ ...row, kind, ...specific[kind] })));
      const items = await inbox(recipient.client, '?limit=50');
      const texts = Object.fromEntries(items.map((item) => [item.kind, item.text]));
      const who = nameOf(actor.member);
      expect(texts).toMatchObject({
        comment: `${who} commented on your post “Weekend hike”`,
        reply: `${who} replied to your comment on “Weekend hike”`,
        mention: `${who} mentioned you in “Weekend hike”`,
        post_like: `${who} liked your post “Weekend hike”`,
        follow: `${who} started following you`,
        join_request: `${who} asked to join Climbers`,
        request_answered: 'Your request to join Climbers was accepted',
        role_changed: 'You are now Moderator in Climbers',
        group_removed: 'You were removed from Climbers',
        invitation_redeemed: `${who} accepted your invitation and joined`,
        content_removed: 'A moderator removed your post “Buy my bike” from Climbers: Off topic',
      });
      expect(items).toHaveLength(NOTIFICATION_KINDS.length);
    });

    it('hides a group post’s notifications from a member who is no longer in the group', async () => {
      const owner = await memberWithClient(app);
      const group = await createGroupAs(owner.client);
      const poster = await memberInGroup(app, group.id, 'Poster');
      const fan = await memberInGroup(app, group.id, 'Commentor');
      const post = await createPostAs(poster.client, { group_id: group.id });
      await fan.client.post(`/api/posts/${post.id}/likes`);
      expect(await inbox(poster.client)).toHaveLength(1);
      expect(await unread(poster.client)).toBe(1);
      await app.context.db
        .delete(groupRoles)
        .where(and(eq(groupRoles.groupId, group.id), eq(groupRoles.userId, poster.member.id)));
      expect(await inbox(poster.client)).toEqual([]);
      expect(await unread(poster.client)).toBe(0);
    });
  });

  describe('marking read', () => {
    it('marks one line (its whole group) read, refuses another member’s, and marks all', async () => {
      const author = await memberWithClient(app);
      const other = await memberWithClient(app);
      const post = await createPostAs(author.client);
      for (let i = 0; i < 2; i++) {
        const fan = await memberWithClient(app);
        await fan.client.post(`/api/posts/${post.id}/likes`);
      }
      const follower = await memberWithClient(app);
      await follower.client.post(`/api/profiles/${author.member.id}/follow`);
      expect(await unread(author.client)).toBe(2);
      const items = await inbox(author.client);
      const likes = items.find((item) => item.kind === 'post_like')!;

      const refused = await other.client.post(`/api/notifications/${likes.id}/read`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: expect.any(String) });
      expect((await author.client.post('/api/notifications/not-an-id/read')).status).toBe(422);

      const read = await author.client.post(`/api/notifications/${likes.id}/read`);
      expect(read.body).toEqual({ count: 1 });
      const rows = await app.context.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, author.member.id), eq(notifications.kind, 'post_like')));
      expect(rows.every((row) => row.readAt !== null)).toBe(true);
      expect((await inbox(author.client)).find((item) => item.kind === 'post_like')!.read).toBe(true);

      expect((await author.client.post('/api/notifications/read_all')).body).toEqual({ count: 0 });
      expect((await inbox(author.client)).every((item) => item.read)).toBe(true);
    });
  });

  describe('mail preferences', () => {
    it('lists every kind with its default, saves choices, and refuses unknown kinds and deliveries', async () => {
      const { client } = await memberWithClient(app);
      const initial = (await client.get('/api/notification_preferences')).body as {
        preferences: Array<{ kind: string; delivery: string }>;
      };
      expect(initial.preferences.map((entry) => entry.kind)).toEqual([...NOTIFICATION_KINDS]);
      const byKind = Object.fromEntries(initial.preferences.map((entry) => [entry.kind, entry.delivery]));
      expect(byKind).toMatchObject({ comment: 'instant', post_like: 'daily', link_ready: 'off' });

      const saved = await client.put('/api/notification_preferences', {
        preferences: [
          { kind: 'comment', delivery: 'daily' },
          { kind: 'link_ready', delivery: 'instant' },
        ],
      });
      expect(saved.status).toBe(200);
      const after = Object.fromEntries(
        (saved.body.preferences as Array<{ kind: string; delivery: string }>).map((e) => [
          e.kind,
          e.delivery,
        ]),
      );
      expect(after).toMatchObject({ comment: 'daily', link_ready: 'instant', post_like: 'daily' });
      // Web Push (ADR 052): on by default for what the member waits on, off for digest kinds; an
      // entry without `push` keeps it, one with it changes it.
      const pushOf = async () =>
        Object.fromEntries(
          (
            (await client.get('/api/notification_preferences')).body.preferences as Array<{
              kind: string;
              push: boolean;
            }>
          ).map((e) => [e.kind, e.push]),
        );
      expect(await pushOf()).toMatchObject({
        comment: true,
        mention: true,
        group_post: true,
        post_like: false,
      });
      await client.put('/api/notification_preferences', {
        preferences: [{ kind: 'mention', delivery: 'instant', push: false }],
      });
      await client.put('/api/notification_preferences', {
        preferences: [{ kind: 'mention', delivery: 'daily' }],
      });
      expect(await pushOf()).toMatchObject({ mention: false, comment: true });

      const unknownKind = await client.put('/api/notification_preferences', {
        preferences: [{ kind: 'poke', delivery: 'off' }],
      });
      expect(unknownKind.status).toBe(422);
      expect(unknownKind.body.errors.kind).toEqual(['is not a kind of notification']);
      const unknownDelivery = await client.put('/api/notification_preferences', {
        preferences: [{ kind: 'comment', delivery: 'hourly' }],
      });
      expect(unknownDelivery.status).toBe(422);
      expect(unknownDelivery.body.errors.delivery).toEqual(['must be off, instant or daily']);
      expect((await client.put('/api/notification_preferences', {})).status).toBe(422);
    });
  });
});
