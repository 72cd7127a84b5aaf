import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupNotificationLevels, notifications, posts, userBlocks } from '../../db/schema';
import { createMember, memberWithClient } from '../../../tests/support/factories';
import {
  addToGroup,
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../../../tests/support/social-factories';
import { createTestApp, waitForJobsDone, waitForMail, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { NOTIFICATION_MAIL_JOB, sweepInstantMail } from '../notifications/notifications.job';
import { GROUP_POST_NOTIFY_JOB, notifyGroupOfPost } from './group-notifications.job';

/** Knowing when a group speaks (ADR 045), over HTTP against the test database. */
describe('group notifications', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** Every row a member has about posts in groups (kind `group_post`). */
  const groupPostsOf = (userId: string) =>
    app.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), eq(notifications.kind, 'group_post')));
  const kindsAbout = async (userId: string, postId: string) =>
    (
      await app.context.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(and(eq(notifications.recipientId, userId), eq(notifications.postId, postId)))
    ).map((row) => row.kind);
  /** Posts, then waits until their fan-out ran: whatever it would tell has been told. */
  const postAndFanOut = async (client: TestClient, post: Parameters<typeof createPostAs>[1]) => {
    const created = await createPostAs(client, post);
    await waitForJobsDone(app, GROUP_POST_NOTIFY_JOB);
    return created;
  };
  const setLevel = (client: TestClient, groupId: string, level: string | null) =>
    client.put(`/api/groups/${groupId}/notification_level`, { notification_level: { level } });
  const groupOf = async (client: TestClient, groupId: string) =>
    (await client.get(`/api/groups/${groupId}`)).body;
  const unreadOf = async (client: TestClient, groupId: string) =>
    (await groupOf(client, groupId)).unread_count;

  /** A small group: its Owner (who posts), and members at each level. */
  async function smallGroup() {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const member = await memberInGroup(app, group.id, 'Poster');
    return { owner, group, member };
  }

  describe('who is told of a new post', () => {
    it('tells every member of a group under 50 by default, never the author, in one folded inbox line', async () => {
      const { owner, group, member } = await smallGroup();
      const commentor = await memberInGroup(app, group.id, 'Commentor');
      expect(await groupOf(member.client, group.id)).toMatchObject({
        notification_level: null,
        notification_level_default: 'all',
      });

      const first = await postAndFanOut(owner.client, { group_id: group.id, tldr: 'Saturday climb' });
      expect(await kindsAbout(member.member.id, first.id)).toEqual(['group_post']);
      expect(await kindsAbout(commentor.member.id, first.id)).toEqual(['group_post']);
      expect(await groupPostsOf(owner.member.id)).toEqual([]);

      const ownerName = `${owner.member.firstName} ${owner.member.lastName}`;
      let inbox = (await member.client.get('/api/notifications')).body;
      expect(inbox[0]).toMatchObject({
        kind: 'group_post',
        read: false,
        text: `${ownerName} posted in ${group.name}: “Saturday climb”`,
        path: `/post/${first.id}`,
      });

      await postAndFanOut(owner.client, { group_id: group.id });
      await postAndFanOut(owner.client, { group_id: group.id });
      inbox = (await member.client.get('/api/notifications')).body;
      const lines = inbox.filter((line: { kind: string }) => line.kind === 'group_post');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ text: `3 new posts in ${group.name}`, path: `/group/${group.id}` });
      expect((await member.client.get('/api/notifications/unread_count')).body).toMatchObject({ count: 1 });
    });

    it('tells only members who chose all posts in a group of 50 or more (the default there is mentions only)', async () => {
      const { owner, group, member } = await smallGroup();
      const eager = await memberInGroup(app, group.id, 'Commentor');
      // 47 more members make 50.
      for (let i = 0; i < 47; i++) {
        await addToGroup(app, group.id, (await createMember(app)).id, 'Commentor');
      }
      expect(await groupOf(member.client, group.id)).toMatchObject({
        members_count: 50,
        notification_level: null,
        notification_level_default: 'mentions',
      });
      expect((await setLevel(eager.client, group.id, 'all')).body).toMatchObject({
        notification_level: 'all',
        notification_level_default: 'mentions',
      });

      const post = await postAndFanOut(owner.client, { group_id: group.id });
      // The positive control: a member at `all` was told; the default member was not.
      expect(await kindsAbout(eager.member.id, post.id)).toEqual(['group_post']);
      expect(await kindsAbout(member.member.id, post.id)).toEqual([]);
      const told = await app.context.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.postId, post.id), eq(notifications.kind, 'group_post')));
      expect(told).toHaveLength(1);

      // A mention still reaches the default member, once.
      const mentioning = await postAndFanOut(owner.client, {
        group_id: group.id,
        content: `@${member.member.username} look`,
      });
      expect(await kindsAbout(member.member.id, mentioning.id)).toEqual(['mention']);
    });

    it('follows each level: all, mentions only, nothing (which silences mentions in the group too)', async () => {
      const { owner, group, member: all } = await smallGroup();
      const mentions = await memberInGroup(app, group.id, 'Poster');
      const nothing = await memberInGroup(app, group.id, 'Poster');
      await setLevel(all.client, group.id, 'all');
      await setLevel(mentions.client, group.id, 'mentions');
      expect((await setLevel(nothing.client, group.id, 'nothing')).status).toBe(200);

      const plain = await postAndFanOut(owner.client, { group_id: group.id });
      expect(await kindsAbout(all.member.id, plain.id)).toEqual(['group_post']);
      expect(await kindsAbout(mentions.member.id, plain.id)).toEqual([]);
      expect(await kindsAbout(nothing.member.id, plain.id)).toEqual([]);

      const naming = await postAndFanOut(owner.client, {
        group_id: group.id,
        content: `@${all.member.username} @${mentions.member.username} @${nothing.member.username} hello`,
      });
      // A mention is the one line of whoever it names; `nothing` hears of neither.
      expect(await kindsAbout(all.member.id, naming.id)).toEqual(['mention']);
      expect(await kindsAbout(mentions.member.id, naming.id)).toEqual(['mention']);
      expect(await kindsAbout(nothing.member.id, naming.id)).toEqual([]);

      // Outside the group, `nothing` does not silence a mention.
      const open = await postAndFanOut(owner.client, { content: `@${nothing.member.username} hi` });
      expect(await kindsAbout(nothing.member.id, open.id)).toEqual(['mention']);

      // null goes back to the default, and the default here is every post.
      expect((await setLevel(nothing.client, group.id, null)).body).toMatchObject({
        notification_level: null,
        notification_level_default: 'all',
      });
      const after = await postAndFanOut(owner.client, { group_id: group.id });
      expect(await kindsAbout(nothing.member.id, after.id)).toEqual(['group_post']);
    });

    it('never tells a member blocked with the author either way, nor a member of another group', async () => {
      const { owner, group, member } = await smallGroup();
      const blocker = await memberInGroup(app, group.id, 'Poster');
      const blockedByAuthor = await memberInGroup(app, group.id, 'Poster');
      const outsider = await memberOfAnotherGroup(app);
      await app.context.db.insert(userBlocks).values([
        { blockerId: blocker.member.id, blockedId: owner.member.id },
        { blockerId: owner.member.id, blockedId: blockedByAuthor.member.id },
      ]);
      const post = await postAndFanOut(owner.client, { group_id: group.id });
      // Positive control: an ordinary member was told.
      expect(await kindsAbout(member.member.id, post.id)).toEqual(['group_post']);
      expect(await kindsAbout(blocker.member.id, post.id)).toEqual([]);
      expect(await kindsAbout(blockedByAuthor.member.id, post.id)).toEqual([]);
      expect(await groupPostsOf(outsider.member.id)).toEqual([]);
    });

    it('leaves no news of a post deleted at once, whether its fan-out ran before or after the delete', async () => {
      const { owner, group, member } = await smallGroup();
      const post = await createPostAs(owner.client, { group_id: group.id });
      expect((await owner.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
      await waitForJobsDone(app, GROUP_POST_NOTIFY_JOB);
      expect(await groupPostsOf(member.member.id)).toEqual([]);
    });

    it('mails new posts by the member’s preference for the kind (a daily digest by default)', async () => {
      const { owner, group, member } = await smallGroup();
      const preferences = (await member.client.get('/api/notification_preferences')).body.preferences;
      expect(preferences).toContainEqual({ kind: 'group_post', delivery: 'daily', push: true });
      await member.client.put('/api/notification_preferences', {
        preferences: [{ kind: 'group_post', delivery: 'instant' }],
      });
      await postAndFanOut(owner.client, { group_id: group.id, tldr: 'Rope check' });
      await sweepInstantMail(app.context);
      const mail = await waitForMail(app, member.member.email);
      await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
      expect(mail.subject).toBe(
        `${owner.member.firstName} ${owner.member.lastName} posted in ${group.name}: “Rope check”`,
      );
    });
    it('tells the members of the moment the post was written, once however often the fan-out runs', async () => {
      const { owner, group, member } = await smallGroup();
      // Written without its job, so this test runs the fan-out itself.
      const [post] = await app.context.db
        .insert(posts)
        .values({ userId: owner.member.id, groupId: group.id, tldr: 'Before you came', content: '' })
        .returning({ id: posts.id });
      const newcomer = await memberInGroup(app, group.id, 'Poster');
      expect(await notifyGroupOfPost(app.context.db, post!.id)).toBe(1);
      expect(await notifyGroupOfPost(app.context.db, post!.id)).toBe(0);
      expect(await kindsAbout(member.member.id, post!.id)).toEqual(['group_post']);
      expect(await kindsAbout(newcomer.member.id, post!.id)).toEqual([]);
    });
  });

  describe('unread counts', () => {
    it('counts posts by others since the mark, in the groups list and the group, and resets when read', async () => {
      const { owner, group, member } = await smallGroup();
      // Posts from before joining are not news to a newcomer.
      await createPostAs(owner.client, { group_id: group.id });
      const newcomer = await memberInGroup(app, group.id, 'Poster');
      expect(await unreadOf(newcomer.client, group.id)).toBe(0);

      await createPostAs(owner.client, { group_id: group.id });
      await createPostAs(owner.client, { group_id: group.id });
      await createPostAs(member.client, { group_id: group.id }); // the member's own: not unread for them
      expect(await unreadOf(newcomer.client, group.id)).toBe(3);
      const mine = (await member.client.get('/api/groups?member=true')).body;
      expect(mine.find((g: { id: string }) => g.id === group.id).unread_count).toBe(3);

      const read = await newcomer.client.post(`/api/groups/${group.id}/read`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: group.id, unread_count: 0 });
      expect(await unreadOf(newcomer.client, group.id)).toBe(0);
      await createPostAs(owner.client, { group_id: group.id });
      expect(await unreadOf(newcomer.client, group.id)).toBe(1);
      // The other member's count is theirs alone.
      expect(await unreadOf(member.client, group.id)).toBe(4);
      // Outsiders see no count at all.
      const outsider = await memberOfAnotherGroup(app);
      expect((await groupOf(outsider.client, group.id)).unread_count).toBeNull();
    });

    it('leaves out posts the member ignored, posts of members blocked either way, and deleted posts', async () => {
      const { owner, group, member } = await smallGroup();
      const blocked = await memberInGroup(app, group.id, 'Poster');
      const blocking = await memberInGroup(app, group.id, 'Poster');
      await app.context.db.insert(userBlocks).values([
        { blockerId: member.member.id, blockedId: blocked.member.id },
        { blockerId: blocking.member.id, blockedId: member.member.id },
      ]);
      const ignored = await createPostAs(owner.client, { group_id: group.id });
      const deleted = await createPostAs(owner.client, { group_id: group.id });
      await createPostAs(blocked.client, { group_id: group.id });
      await createPostAs(blocking.client, { group_id: group.id });
      const counted = await createPostAs(owner.client, { group_id: group.id });
      expect(await unreadOf(member.client, group.id)).toBe(3);
      expect((await member.client.post(`/api/posts/${ignored.id}/ignore`)).status).toBe(200);
      expect((await owner.client.delete(`/api/posts/${deleted.id}`)).status).toBe(200);
      expect(await unreadOf(member.client, group.id)).toBe(1);
      expect(counted.id).toBeTruthy();
    });

    it('counts up to 100, which the app shows as 99+', async () => {
      const { owner, group, member } = await smallGroup();
      await app.context.db.insert(posts).values(
        Array.from({ length: 120 }, (_, i) => ({
          userId: owner.member.id,
          groupId: group.id,
          tldr: `bulk ${i}`,
          content: '',
        })),
      );
      expect(await unreadOf(member.client, group.id)).toBe(100);
    });
  });

  describe('refusals', () => {
    it('answers 404 to non-members and unknown groups, 422 in the error shape for a bad level', async () => {
      const { group, member } = await smallGroup();
      const outsider = await memberOfAnotherGroup(app);
      for (const res of [
        await setLevel(outsider.client, group.id, 'all'),
        await outsider.client.post(`/api/groups/${group.id}/read`),
        await setLevel(member.client, outsider.otherGroupId, 'all'),
        await setLevel(member.client, '00000000-0000-4000-8000-000000000000', 'all'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: expect.any(String) });
      }
      for (const body of [
        { notification_level: { level: 'loud' } },
        { notification_level: {} },
        { notification_level: { level: 3 } },
      ]) {
        const res = await member.client.put(`/api/groups/${group.id}/notification_level`, body);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ errors: { level: [expect.any(String)] } });
      }
      expect(
        (
          await member.client.put(`/api/groups/${group.id}/notification_level`, {
            notification_level: { level: 'loud' },
          })
        ).body.errors.level[0],
      ).toBe('must be one of all, mentions, nothing');
      expect(
        await app.context.db
          .select()
          .from(groupNotificationLevels)
          .where(eq(groupNotificationLevels.groupId, group.id)),
      ).toEqual([]);
    });

    it('forgets the level and the mark with the membership', async () => {
      const { group, member } = await smallGroup();
      await setLevel(member.client, group.id, 'nothing');
      await member.client.post(`/api/groups/${group.id}/read`);
      const membershipId = (await groupOf(member.client, group.id)).membership_id;
      expect((await member.client.delete(`/api/group_roles/${membershipId}`)).status).toBe(200);
      expect(
        await app.context.db
          .select()
          .from(groupNotificationLevels)
          .where(eq(groupNotificationLevels.groupId, group.id)),
      ).toEqual([]);
      expect((await groupOf(member.client, group.id)).notification_level).toBeNull();
    });
  });
});
