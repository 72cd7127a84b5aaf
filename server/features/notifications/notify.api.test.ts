import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userBlocks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { openStream } from '../../../tests/support/event-stream';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import { notify } from './notify';

describe('notify', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  // What these tests record themselves: a group's members also hear of each new post by a job (ADR 045).
  const inboxOf = (userId: string) =>
    app.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), ne(notifications.kind, 'group_post')));

  it('records a notification and pushes it to the recipient’s stream only', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const bystander = await memberWithClient(app);
    const post = await createPostAs(author.client);
    const authorStream = await openStream(app.url, author.client);
    const bystanderStream = await openStream(app.url, bystander.client);
    try {
      await notify(app.context.db, {
        recipientId: author.member.id,
        actorId: fan.member.id,
        kind: 'post_like',
        postId: post.id,
        groupKey: `post_like:${post.id}`,
      });
      const [row] = await inboxOf(author.member.id);
      expect(row).toMatchObject({ kind: 'post_like', actorId: fan.member.id, postId: post.id, readAt: null });
      await authorStream.next((e) => e.type === 'notification.created' && e.notificationId === row!.id);
      // The positive control above has arrived; the bystander's stream, open as long, got nothing.
      await createPostAs(author.client);
      await bystanderStream.next((e) => e.type === 'post.created');
      expect(bystanderStream.events.filter((e) => e.type === 'notification.created')).toEqual([]);
    } finally {
      authorStream.close();
      bystanderStream.close();
    }
  });

  it('drops a member’s notification about their own action', async () => {
    const author = await memberWithClient(app);
    const post = await createPostAs(author.client);
    const kept = await notify(app.context.db, {
      recipientId: author.member.id,
      actorId: author.member.id,
      kind: 'comment',
      postId: post.id,
    });
    expect(kept).toEqual([]);
    expect(await inboxOf(author.member.id)).toEqual([]);
  });

  it('tells nobody about a group post they may not see, and keeps the ones who may', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const insider = await memberInGroup(app, group.id, 'Commentor');
    const outsider = await memberWithClient(app);
    const post = await createPostAs(owner.client, { group_id: group.id });
    const kept = await notify(app.context.db, [
      { recipientId: insider.member.id, actorId: owner.member.id, kind: 'mention', postId: post.id },
      { recipientId: outsider.member.id, actorId: owner.member.id, kind: 'mention', postId: post.id },
    ]);
    expect(kept.map((draft) => draft.recipientId)).toEqual([insider.member.id]);
    expect(await inboxOf(insider.member.id)).toHaveLength(1);
    expect(await inboxOf(outsider.member.id)).toEqual([]);
  });

  it('follows link visibility: a private link notifies nobody but its owner', async () => {
    const owner = await memberWithClient(app);
    const other = await memberWithClient(app);
    const res = await owner.client.post('/api/links', {
      url: 'https://example.test/private',
      comment: null,
      visibility: 'private',
    });
    expect(res.status).toBe(201);
    const linkId = (res.body as { id: string }).id;
    const kept = await notify(app.context.db, [
      { recipientId: owner.member.id, actorId: null, kind: 'link_failed', linkId },
      { recipientId: other.member.id, actorId: owner.member.id, kind: 'mention', linkId },
    ]);
    expect(kept.map((draft) => draft.recipientId)).toEqual([owner.member.id]);
  });

  it('is silent between members when either blocked the other', async () => {
    const author = await memberWithClient(app);
    const blocker = await memberWithClient(app);
    const friend = await memberWithClient(app);
    const post = await createPostAs(author.client);
    await app.context.db
      .insert(userBlocks)
      .values({ blockerId: author.member.id, blockedId: blocker.member.id });
    await notify(app.context.db, [
      { recipientId: author.member.id, actorId: blocker.member.id, kind: 'post_like', postId: post.id },
      { recipientId: author.member.id, actorId: friend.member.id, kind: 'post_like', postId: post.id },
    ]);
    const inbox = await inboxOf(author.member.id);
    expect(inbox.map((row) => row.actorId)).toEqual([friend.member.id]);
    // The other direction: the blocked member hears nothing from the blocker either.
    const theirPost = await createPostAs(blocker.client);
    await notify(app.context.db, {
      recipientId: blocker.member.id,
      actorId: author.member.id,
      kind: 'comment',
      postId: theirPost.id,
    });
    expect(await inboxOf(blocker.member.id)).toEqual([]);
  });
});
