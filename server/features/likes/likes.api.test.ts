import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';

describe('likes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('likes and unlikes idempotently, answering {liked, likes_count}', async () => {
    const { client: author } = await memberWithClient(app);
    const { client: reader } = await memberWithClient(app);
    const post = await createPostAs(author);
    const liked = await reader.post(`/api/posts/${post.id}/likes`);
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ liked: true, likes_count: 1 });
    expect((await reader.post(`/api/posts/${post.id}/likes`)).body).toEqual({ liked: true, likes_count: 1 });
    expect((await author.post(`/api/posts/${post.id}/likes`)).body).toEqual({ liked: true, likes_count: 2 });
    const seen = await reader.get(`/api/posts/${post.id}`);
    expect(seen.body).toMatchObject({ liked_by_current_user: true, likes_count: 2 });
    expect((await reader.delete(`/api/posts/${post.id}/likes`)).body).toEqual({
      liked: false,
      likes_count: 1,
    });
    expect((await reader.delete(`/api/posts/${post.id}/likes`)).body).toEqual({
      liked: false,
      likes_count: 1,
    });
    expect((await reader.get(`/api/posts/${post.id}`)).body.liked_by_current_user).toBe(false);
  });

  it('keeps one like when one member sends 50 at once', async () => {
    const { client: author } = await memberWithClient(app);
    const { client: reader } = await memberWithClient(app);
    const post = await createPostAs(author);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => reader.post(`/api/posts/${post.id}/likes`)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await reader.get(`/api/posts/${post.id}`)).body.likes_count).toBe(1);
  });

  it('lets a Commentor like a group post; non-members get 404; signed-out 401', async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const post = await createPostAs(owner, { group_id: group.id });
    const { client: commentor } = await memberInGroup(app, group.id, 'Commentor');
    expect((await commentor.post(`/api/posts/${post.id}/likes`)).body).toEqual({
      liked: true,
      likes_count: 1,
    });
    const { client: outsider } = await memberInGroup(app, group.id, null);
    expect((await outsider.post(`/api/posts/${post.id}/likes`)).status).toBe(404);
    expect((await outsider.delete(`/api/posts/${post.id}/likes`)).status).toBe(404);
    expect((await app.client().post(`/api/posts/${post.id}/likes`)).status).toBe(401);
    expect((await owner.post('/api/posts/00000000-0000-4000-8000-000000000000/likes')).status).toBe(404);
  });

  it('throttles a member’s writes (429 with Retry-After) without touching other members', async () => {
    // The test app's rate-limit clock is frozen: all 121 writes fall in one window.
    const limited = await createTestApp({ rateLimits: true });
    try {
      const { client } = await memberWithClient(limited);
      const { client: other } = await memberWithClient(limited);
      const post = await createPostAs(client); // one write
      const statuses: number[] = [];
      for (let i = 0; i < 120; i++) statuses.push((await client.post(`/api/posts/${post.id}/likes`)).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(119);
      const refused = await client.post(`/api/posts/${post.id}/likes`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.error).toBeDefined();
      expect((await other.post(`/api/posts/${post.id}/likes`)).status).toBe(200);
      // Reads are not throttled.
      expect((await client.get(`/api/posts/${post.id}`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000); // 121 requests in a row: minutes on a loaded two-core runner
});
