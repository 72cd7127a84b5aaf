import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';

describe('feedback and admin review', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('accepts non-blank feedback', async () => {
    const { client } = await memberWithClient(app);
    const res = await client.post('/api/feedbacks', { feedback: { content: '  Lovely app  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: 'Lovely app' });
    expect(Object.keys(res.body).sort()).toEqual(['content', 'created_at', 'id']);
    const blank = await client.post('/api/feedbacks', { feedback: { content: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.content).toEqual(["can't be blank"]);
    expect((await app.client().post('/api/feedbacks', { feedback: { content: 'x' } })).status).toBe(401);
  });

  it('shows feedback and reports to admins only; admins update a report', async () => {
    const { client: admin } = await memberWithClient(app, { isAdmin: true });
    const { client: member, member: reporter } = await memberWithClient(app);
    await member.post('/api/feedbacks', { feedback: { content: 'Second thoughts' } });
    const post = await createPostAs(admin, { tldr: 'Reported post' });
    const report = (await member.post(`/api/posts/${post.id}/report`, { report: { reason: 'rude' } })).body;

    expect((await member.get('/api/admin/feedbacks')).status).toBe(403);
    expect((await member.get('/api/admin/reports')).status).toBe(403);
    const refused = await member.patch(`/api/admin/reports/${report.id}`, { report: { status: 'resolved' } });
    expect(refused.status).toBe(403);
    expect((await app.client().get('/api/admin/reports')).status).toBe(401);

    const feedbacks = await admin.get('/api/admin/feedbacks');
    expect(feedbacks.status).toBe(200);
    expect(feedbacks.body[0]).toMatchObject({
      content: 'Second thoughts',
      username: reporter.username,
      avatar: null,
    });
    expect(feedbacks.headers.get('x-has-next-page')).toBe('false');

    const reports = await admin.get('/api/admin/reports?status=open');
    expect(reports.status).toBe(200);
    expect(reports.body[0]).toMatchObject({
      id: report.id,
      post_tldr: 'Reported post',
      reason: 'rude',
      reporter_username: reporter.username,
      status: 'open',
      resolved_at: null,
    });
    const resolved = await admin.patch(`/api/admin/reports/${report.id}`, { report: { status: 'resolved' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('resolved');
    expect(resolved.body.resolved_at).not.toBeNull();
    expect((await admin.get('/api/admin/reports?status=open')).body).toEqual([]);
    const invalid = await admin.patch(`/api/admin/reports/${report.id}`, { report: { status: 'gone' } });
    expect(invalid.status).toBe(422);
    const missing = await admin.patch('/api/admin/reports/00000000-0000-4000-8000-000000000000', {
      report: { status: 'dismissed' },
    });
    expect(missing.status).toBe(404);
  });

  it('shows admins what a reported group post says, though they cannot open the post itself', async () => {
    const { client: admin } = await memberWithClient(app, { isAdmin: true });
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const { client: reporter } = await memberInGroup(app, group.id, 'Poster');
    const post = await createPostAs(owner, {
      tldr: 'Members only',
      content: 'Words to judge',
      group_id: group.id,
    });
    expect((await reporter.post(`/api/posts/${post.id}/report`, { report: { reason: 'spam' } })).status).toBe(
      201,
    );

    expect((await admin.get(`/api/posts/${post.id}`)).status).toBe(404);
    const reports = await admin.get('/api/admin/reports?status=open');
    expect(reports.body.find((r: { post_id: string }) => r.post_id === post.id)).toMatchObject({
      post_tldr: 'Members only',
      post_content: 'Words to judge',
      group_name: group.name,
    });
  });
});
