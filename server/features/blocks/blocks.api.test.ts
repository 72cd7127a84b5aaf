import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema';
import { memberWithClient, uniqueName } from '../../../tests/support/factories';
import { addToGroup, createGroupAs, createPostAs } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';

describe('blocks', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const ids = (body: { id: string }[]) => body.map((row) => row.id);
  const timeline = async (client: TestClient, query = '') =>
    ids((await client.get(`/api/posts?limit=50${query}`)).body);
  const searchIds = async (client: TestClient, query: string) =>
    ids((await client.post('/api/search', { query })).body);

  it('hides each member’s posts, comments and search results from the other, both ways, until unblocked', async () => {
    const blocker = await memberWithClient(app);
    const blocked = await memberWithClient(app);
    const bystander = await memberWithClient(app);
    const word = uniqueName('zephyr').replace('_', '');
    const byBlocked = await createPostAs(blocked.client, { tldr: `About ${word} by the blocked one` });
    const byBlocker = await createPostAs(blocker.client, { tldr: `About ${word} by the blocker` });
    const group = await createGroupAs(bystander.client);
    await addToGroup(app, group.id, blocker.member.id, 'Poster');
    await addToGroup(app, group.id, blocked.member.id, 'Poster');
    const inGroup = await createPostAs(blocked.client, {
      tldr: 'Group post by the blocked one',
      group_id: group.id,
    });
    const shared = await createPostAs(bystander.client, { tldr: 'A post both comment on' });
    const blockedComment = await blocked.client.post(`/api/posts/${shared.id}/comments`, {
      comment: { content: 'From the blocked one' },
    });
    const blockerComment = await blocker.client.post(`/api/posts/${shared.id}/comments`, {
      comment: { content: 'From the blocker' },
    });
    const link = await bystander.client.post('/api/links', {
      url: 'http://127.0.0.1:9/blocks-link',
      visibility: 'published',
    });
    const blockedLinkComment = await blocked.client.post(`/api/links/${link.body.id}/comments`, {
      content: 'Link remark from the blocked one',
    });

    // Positive control: before the block, each sees the other.
    expect(await timeline(blocker.client)).toEqual(expect.arrayContaining([byBlocked.id, inGroup.id]));
    expect(await searchIds(blocker.client, word)).toContain(byBlocked.id);

    const res = await blocker.client.post('/api/blocks', { user_id: blocked.member.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ user_id: blocked.member.id, blocked: true });
    expect((await blocker.client.post('/api/blocks', { user_id: blocked.member.id })).status).toBe(200);

    for (const [viewer, other, theirPost] of [
      [blocker, blocked, byBlocked],
      [blocked, blocker, byBlocker],
    ] as const) {
      const seen = await timeline(viewer.client);
      expect(seen).toContain(shared.id);
      expect(seen).not.toContain(theirPost.id);
      expect((await viewer.client.get(`/api/posts/${theirPost.id}`)).status).toBe(404);
      expect(ids((await viewer.client.get(`/api/profiles/${other.member.id}/posts`)).body)).toEqual([]);
      expect(await searchIds(viewer.client, word)).not.toContain(theirPost.id);
      const commentIds = ids((await viewer.client.get(`/api/posts/${shared.id}/comments`)).body);
      expect(commentIds.length).toBe(1);
    }
    expect(await timeline(blocker.client, `&group_id=${group.id}`)).not.toContain(inGroup.id);
    expect(ids((await blocker.client.get(`/api/posts/${shared.id}/comments`)).body)).toEqual([
      blockerComment.body.id,
    ]);
    expect(ids((await blocked.client.get(`/api/posts/${shared.id}/comments`)).body)).toEqual([
      blockedComment.body.id,
    ]);
    expect(ids((await blocker.client.get(`/api/links/${link.body.id}/comments`)).body)).not.toContain(
      blockedLinkComment.body.id,
    );
    // Someone else still sees both.
    expect(await timeline(bystander.client)).toEqual(expect.arrayContaining([byBlocked.id, byBlocker.id]));
    expect(ids((await bystander.client.get(`/api/posts/${shared.id}/comments`)).body)).toHaveLength(2);
    // Neither may report the other's comment (it does not exist for them).
    expect((await blocker.client.post(`/api/comments/${blockedComment.body.id}/report`)).status).toBe(404);

    expect((await blocker.client.get(`/api/blocks/${blocked.member.id}`)).body.blocked).toBe(true);
    expect((await blocked.client.get(`/api/blocks/${blocker.member.id}`)).body.blocked).toBe(false);

    const lifted = await blocker.client.delete(`/api/blocks/${blocked.member.id}`);
    expect(lifted.body).toEqual({ user_id: blocked.member.id, blocked: false });
    expect(await timeline(blocker.client)).toContain(byBlocked.id);
    expect(await timeline(blocked.client)).toContain(byBlocker.id);
    expect((await blocker.client.get(`/api/posts/${byBlocked.id}`)).status).toBe(200);
    expect(await searchIds(blocker.client, word)).toContain(byBlocked.id);
    expect(ids((await blocker.client.get(`/api/posts/${shared.id}/comments`)).body)).toHaveLength(2);
    expect(ids((await blocker.client.get(`/api/links/${link.body.id}/comments`)).body)).toContain(
      blockedLinkComment.body.id,
    );
  });

  it('ends following both ways, and neither can follow the other again until unblocked', async () => {
    const a = await memberWithClient(app);
    const b = await memberWithClient(app);
    expect((await a.client.post(`/api/profiles/${b.member.id}/follow`)).status).toBeLessThan(300);
    expect((await b.client.post(`/api/profiles/${a.member.id}/follow`)).status).toBeLessThan(300);
    const between = () =>
      app.context.db
        .select()
        .from(follows)
        .where(
          or(
            and(eq(follows.followerId, a.member.id), eq(follows.followeeId, b.member.id)),
            and(eq(follows.followerId, b.member.id), eq(follows.followeeId, a.member.id)),
          ),
        );
    expect(await between()).toHaveLength(2);
    await a.client.post('/api/blocks', { user_id: b.member.id });
    expect(await between()).toEqual([]);
    // Following again either way is refused as if the other did not exist.
    const refused = await b.client.post(`/api/profiles/${a.member.id}/follow`);
    expect(refused.status).toBe(404);
    expect(refused.body).toHaveProperty('error');
    expect((await a.client.post(`/api/profiles/${b.member.id}/follow`)).status).toBe(404);
    expect(await between()).toEqual([]);
    await a.client.delete(`/api/blocks/${b.member.id}`);
    expect((await b.client.post(`/api/profiles/${a.member.id}/follow`)).status).toBe(200);
  });

  it('lists the members I blocked, newest first and paged, and refuses nonsense', async () => {
    const me = await memberWithClient(app);
    const first = await memberWithClient(app);
    const second = await memberWithClient(app);
    const third = await memberWithClient(app);
    for (const other of [first, second, third]) {
      expect((await me.client.post('/api/blocks', { user_id: other.member.id })).status).toBe(201);
    }
    const page1 = await me.client.get('/api/blocks?limit=2');
    expect(page1.body.map((m: { user_id: string }) => m.user_id)).toEqual([
      third.member.id,
      second.member.id,
    ]);
    expect(page1.body[0]).toMatchObject({
      username: third.member.username,
      name: `Test ${third.member.username}`,
    });
    expect(page1.headers.get('x-has-next-page')).toBe('true');
    const page2 = await me.client.get(`/api/blocks?limit=2&after=${page1.headers.get('x-next-cursor')}`);
    expect(page2.body.map((m: { user_id: string }) => m.user_id)).toEqual([first.member.id]);
    expect((await first.client.get('/api/blocks')).body).toEqual([]);

    const self = await me.client.post('/api/blocks', { user_id: me.member.id });
    expect(self.status).toBe(422);
    expect(self.body).toEqual({ errors: { user_id: ["can't be yourself"] } });
    expect((await me.client.post('/api/blocks', { user_id: 'nope' })).status).toBe(422);
    expect((await me.client.post('/api/blocks', {})).status).toBe(422);
    expect(
      (await me.client.post('/api/blocks', { user_id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
    expect((await me.client.delete('/api/blocks/nope')).status).toBe(422);
    expect((await app.client().get('/api/blocks')).status).toBe(401);
  });
});
