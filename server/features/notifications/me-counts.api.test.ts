import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeCountsSchema } from '../../../shared/api/me-counts';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

/** GET /api/me/counts answers what the three single-badge endpoints answer, in one request. */
describe('GET /api/me/counts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /**
   * The badges as the single endpoints give them, to compare with the combined answer; the message
   * badges as the conversation lists add up (active, unmuted conversations; open requests).
   */
  async function oneByOne(client: TestClient) {
    const [unread, pending, reports, conversations, requests] = await Promise.all([
      client.get('/api/notifications/unread_count'),
      client.get('/api/group_requests/pending_count'),
      client.get('/api/reports/summary'),
      client.get('/api/conversations?limit=50'),
      client.get('/api/conversations?status=request&limit=50'),
    ]);
    const counted = (conversations.body as { status: string; muted: boolean; unread_count: number }[]).filter(
      (conversation) => conversation.status === 'active' && !conversation.muted,
    );
    return {
      unread_notifications: unread.body.count,
      pending_group_requests: pending.body.count,
      reports: reports.body,
      unread_messages: counted.reduce((sum, conversation) => sum + conversation.unread_count, 0),
      message_requests: requests.body.length,
    };
  }

  async function counts(client: TestClient) {
    const res = await client.get('/api/me/counts');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return MeCountsSchema.strict().parse(res.body);
  }

  it('is all zeros for a new member, and 401 signed out', async () => {
    const { client } = await memberWithClient(app);
    expect(await counts(client)).toEqual({
      unread_notifications: 0,
      pending_group_requests: 0,
      reports: { can_review: false, open_count: 0 },
      unread_messages: 0,
      message_requests: 0,
    });
    const signedOut = await app.client().get('/api/me/counts');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error).toBeDefined();
  });

  it('counts unread notifications, waiting join requests and open reports as the single endpoints do', async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const post = await createPostAs(owner);
    for (let i = 0; i < 2; i++) {
      const { client: asker } = await memberWithClient(app);
      expect(
        (await asker.post('/api/group_requests', { group_request: { group_id: group.id } })).status,
      ).toBe(201);
    }
    const { client: reader } = await memberWithClient(app);
    await reader.post(`/api/posts/${post.id}/likes`);

    const before = await counts(owner);
    expect(before.pending_group_requests).toBe(2);
    expect(before.unread_notifications).toBeGreaterThanOrEqual(1);
    // A group's Owner reviews the reports made in it.
    expect(before.reports).toEqual({ can_review: true, open_count: 0 });
    expect(before).toEqual(await oneByOne(owner));

    await owner.post('/api/notifications/read_all');
    const read = await counts(owner);
    expect(read.unread_notifications).toBe(0);
    expect(read).toEqual(await oneByOne(owner));
  });

  it('shows an admin the open reports', async () => {
    const { client: admin } = await memberWithClient(app, { isAdmin: true });
    const { client: author } = await memberWithClient(app);
    const { client: reporter } = await memberWithClient(app);
    const before = await counts(admin);
    expect(before.reports.can_review).toBe(true);
    const post = await createPostAs(author);
    expect((await reporter.post(`/api/posts/${post.id}/report`)).status).toBe(201);
    const after = await counts(admin);
    expect(after.reports.open_count).toBe(before.reports.open_count + 1);
    expect(after).toEqual(await oneByOne(admin));
  });
});
