import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications, posts, reports } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

describe('moderation: reports reach group moderators, who remove content with a reason', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A group with an Owner, a Moderator, a Poster (author) and a Commentor (reporter). */
  async function groupWorld() {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const moderator = await memberInGroup(app, group.id, 'Moderator');
    const author = await memberInGroup(app, group.id, 'Poster');
    const reporter = await memberInGroup(app, group.id, 'Commentor');
    return { owner, group, moderator, author, reporter };
  }

  const ids = (res: { body: { id: string }[] }) => res.body.map((row) => row.id);
  /** What moderation told the member: not the news of group posts, which a job delivers in its own time. */
  const notificationsOf = (userId: string) =>
    app.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), ne(notifications.kind, 'group_post')));

  it("shows a group's Moderator only the reports on their group's posts; admins see all", async () => {
    const a = await groupWorld();
    const b = await groupWorld();
    const postA = await createPostAs(a.author.client, { group_id: a.group.id, tldr: 'In A' });
    const postB = await createPostAs(b.author.client, { group_id: b.group.id, tldr: 'In B' });
    const loose = await createPostAs(a.author.client, { tldr: 'No group' });
    const reportA = await a.reporter.client.post(`/api/posts/${postA.id}/report`, {
      report: { reason: 'rude' },
    });
    const reportB = await b.reporter.client.post(`/api/posts/${postB.id}/report`);
    const reportLoose = await a.reporter.client.post(`/api/posts/${loose.id}/report`);
    expect([reportA.status, reportB.status, reportLoose.status]).toEqual([201, 201, 201]);

    const seenByModA = await a.moderator.client.get('/api/admin/reports?status=open');
    expect(seenByModA.status).toBe(200);
    expect(ids(seenByModA)).toEqual([reportA.body.id]);
    expect(seenByModA.body[0]).toMatchObject({
      post_tldr: 'In A',
      group_name: a.group.name,
      author_username: a.author.member.username,
      reason: 'rude',
      content_removed: false,
    });
    expect(ids(await a.owner.client.get('/api/admin/reports'))).toEqual([reportA.body.id]);
    expect(ids(await b.moderator.client.get('/api/admin/reports'))).toEqual([reportB.body.id]);

    // A Moderator of A may not see, dismiss or act on B's report: it does not exist for them.
    expect(
      (
        await a.moderator.client.patch(`/api/admin/reports/${reportB.body.id}`, {
          report: { status: 'dismissed' },
        })
      ).status,
    ).toBe(404);
    const foreignRemoval = await a.moderator.client.post(`/api/admin/reports/${reportB.body.id}/removal`, {
      removal: { reason: 'Nope' },
    });
    expect(foreignRemoval.status).toBe(404);
    expect((await app.context.db.select().from(posts).where(eq(posts.id, postB.id))).length).toBe(1);
    // Nor the report on a post outside any group: that one is for admins.
    expect(
      (
        await a.moderator.client.patch(`/api/admin/reports/${reportLoose.body.id}`, {
          report: { status: 'dismissed' },
        })
      ).status,
    ).toBe(404);

    const admin = await memberWithClient(app, { isAdmin: true });
    const all = ids(await admin.client.get('/api/admin/reports?limit=50'));
    expect(all).toEqual(expect.arrayContaining([reportA.body.id, reportB.body.id, reportLoose.body.id]));

    // Members who moderate nothing get 403; the Reports summary tells each what waits for them.
    expect((await a.reporter.client.get('/api/admin/reports')).status).toBe(403);
    expect((await a.reporter.client.get('/api/reports/summary')).body).toEqual({
      can_review: false,
      open_count: 0,
    });
    expect((await a.moderator.client.get('/api/reports/summary')).body).toEqual({
      can_review: true,
      open_count: 1,
    });
  });

  it('removes a reported post with a reason: deleted, resolved, and the author told', async () => {
    const { group, moderator, author, reporter } = await groupWorld();
    const post = await createPostAs(author.client, {
      group_id: group.id,
      tldr: 'A very long title that goes on and on well past the eighty characters an excerpt keeps for the author',
      content: '**Buy** now',
    });
    const other = await memberInGroup(app, group.id, 'Poster');
    const second = await other.client.post(`/api/posts/${post.id}/report`);
    const report = await reporter.client.post(`/api/posts/${post.id}/report`, { report: { reason: 'spam' } });

    const blank = await moderator.client.post(`/api/admin/reports/${report.body.id}/removal`, {
      removal: { reason: '   ' },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.reason).toBeDefined();
    const tooLong = await moderator.client.post(`/api/admin/reports/${report.body.id}/removal`, {
      removal: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(422);

    const removed = await moderator.client.post(`/api/admin/reports/${report.body.id}/removal`, {
      removal: { reason: 'Advertising is not allowed here.' },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      status: 'resolved',
      removal_reason: 'Advertising is not allowed here.',
      content_removed: true,
      post_id: null,
      post_content: '**Buy** now',
    });
    expect(await app.context.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect((await author.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    // Every report on the post is resolved and kept as the record.
    const [other2] = await app.context.db.select().from(reports).where(eq(reports.id, second.body.id));
    expect(other2).toMatchObject({ status: 'resolved', removalReason: 'Advertising is not allowed here.' });
    const resolved = ids(await moderator.client.get('/api/admin/reports?status=resolved'));
    expect(resolved).toEqual(expect.arrayContaining([report.body.id, second.body.id]));

    const [told] = await notificationsOf(author.member.id);
    expect(told).toMatchObject({
      kind: 'content_removed',
      groupId: group.id,
      postId: null,
      commentId: null,
      data: { subject: 'post', reason: 'Advertising is not allowed here.' },
    });
    const excerpt = (told!.data as { excerpt: string }).excerpt;
    expect(excerpt.startsWith('A very long title')).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(80);

    // Removing again finds nothing left to remove.
    const again = await moderator.client.post(`/api/admin/reports/${report.body.id}/removal`, {
      removal: { reason: 'Again' },
    });
    expect(again.status).toBe(422);
  });

  it('reports a comment and removes it; the post stays', async () => {
    const { group, owner, author, reporter } = await groupWorld();
    const post = await createPostAs(owner.client, { group_id: group.id });
    const comment = await author.client.post(`/api/posts/${post.id}/comments`, {
      comment: { content: 'You are all _wrong_' },
    });
    const own = await author.client.post(`/api/comments/${comment.body.id}/report`);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe("You can't report your own comment.");
    const report = await reporter.client.post(`/api/comments/${comment.body.id}/report`, {
      report: { reason: 'Insulting' },
    });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({ subject: 'comment', post_id: post.id, comment_id: comment.body.id });
    expect((await reporter.client.post(`/api/comments/${comment.body.id}/report`)).status).toBe(200);

    const [listed] = (await owner.client.get('/api/admin/reports')).body;
    expect(listed).toMatchObject({
      id: report.body.id,
      comment_content: 'You are all _wrong_',
      author_username: author.member.username,
    });

    const removed = await owner.client.post(`/api/admin/reports/${report.body.id}/removal`, {
      removal: { reason: 'Be kind.' },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      status: 'resolved',
      content_removed: true,
      comment_content: 'You are all _wrong_',
    });
    expect(await app.context.db.select().from(comments).where(eq(comments.id, comment.body.id))).toEqual([]);
    expect((await owner.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    const [told] = await notificationsOf(author.member.id);
    expect(told).toMatchObject({
      kind: 'content_removed',
      commentId: null,
      data: { subject: 'comment', reason: 'Be kind.', excerpt: 'You are all _wrong_' },
    });
  });

  it('dismisses a report and leaves the post', async () => {
    const { group, moderator, author, reporter } = await groupWorld();
    const post = await createPostAs(author.client, { group_id: group.id });
    const report = await reporter.client.post(`/api/posts/${post.id}/report`);
    const dismissed = await moderator.client.patch(`/api/admin/reports/${report.body.id}`, {
      report: { status: 'dismissed' },
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ status: 'dismissed', content_removed: false });
    expect((await author.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect(ids(await moderator.client.get('/api/admin/reports?status=open'))).toEqual([]);
    expect(await notificationsOf(author.member.id)).toEqual([]);
  });

  it('refuses Report and Ignore on your own post, with a clear message', async () => {
    const { client } = await memberWithClient(app);
    const post = await createPostAs(client);
    const report = await client.post(`/api/posts/${post.id}/report`);
    expect(report.status).toBe(403);
    expect(report.body).toEqual({ error: "You can't report your own post." });
    const ignore = await client.post(`/api/posts/${post.id}/ignore`);
    expect(ignore.status).toBe(403);
    expect(ignore.body).toEqual({ error: "You can't hide your own post." });
    expect((await client.get(`/api/posts/${post.id}`)).body.ignored).toBe(false);
  });

  it('lists hidden posts, paged, and Show again brings a post back to the timeline', async () => {
    const { client: author } = await memberWithClient(app);
    const { client: reader } = await memberWithClient(app);
    const first = await createPostAs(author, { tldr: 'First hidden' });
    const second = await createPostAs(author, { tldr: 'Second hidden' });
    const third = await createPostAs(author, { tldr: 'Third hidden' });
    for (const post of [first, second, third]) {
      expect((await reader.post(`/api/posts/${post.id}/ignore`)).status).toBe(200);
    }
    const timeline = async (client: TestClient) =>
      (await client.get('/api/posts?limit=50')).body.map((p: { id: string }) => p.id);
    expect(await timeline(reader)).not.toContain(first.id);

    const page1 = await reader.get('/api/ignored_posts?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.map((p: { tldr: string }) => p.tldr)).toEqual(['Third hidden', 'Second hidden']);
    expect(page1.headers.get('x-has-next-page')).toBe('true');
    const page2 = await reader.get(`/api/ignored_posts?limit=2&after=${page1.headers.get('x-next-cursor')}`);
    expect(page2.body.map((p: { tldr: string }) => p.tldr)).toEqual(['First hidden']);
    expect(page2.headers.get('x-has-next-page')).toBe('false');
    expect((await reader.get('/api/ignored_posts?after=garbage')).status).toBe(422);

    const shown = await reader.delete(`/api/posts/${first.id}/ignore`);
    expect(shown.body).toEqual({ ignored: false });
    expect(await timeline(reader)).toContain(first.id);
    expect((await reader.get('/api/ignored_posts')).body.map((p: { post_id: string }) => p.post_id)).toEqual([
      third.id,
      second.id,
    ]);
    // Another member's hidden posts are their own business.
    expect((await author.get('/api/ignored_posts')).body).toEqual([]);
  });
});
