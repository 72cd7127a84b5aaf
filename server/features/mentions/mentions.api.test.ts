import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBlocks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember, memberWithClient, uniqueName } from '../../../tests/support/factories';
import { addToGroup, createGroupAs, createPostAs } from '../../../tests/support/social-factories';

describe('mentions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  describe('GET /api/mentions', () => {
    it('suggests members by username or name prefix, never the asker or a blocked member', async () => {
      const prefix = uniqueName('zq').slice(0, 10).toLowerCase();
      const { client, member: me } = await memberWithClient(app, { username: `${prefix}_me` });
      const ana = await createMember(app, { username: `${prefix}_ana` });
      const byName = await createMember(app, { username: uniqueName('x'), firstName: `${prefix}Rosa` });
      const blocked = await createMember(app, { username: `${prefix}_blocked` });
      const blocker = await createMember(app, { username: `${prefix}_blocker` });
      await app.context.db.insert(userBlocks).values([
        { blockerId: me.id, blockedId: blocked.id },
        { blockerId: blocker.id, blockedId: me.id },
      ]);
      const res = await client.get(`/api/mentions?q=${prefix.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.body.map((m: { username: string }) => m.username).sort()).toEqual(
        [ana.username, byName.username].sort(),
      );
      expect(res.body.find((m: { username: string }) => m.username === ana.username)).toEqual({
        username: ana.username,
        name: `Test ${ana.username}`,
        avatar: null,
        profile_id: ana.id,
      });
    });

    it('caps at 8, needs 2 characters, treats % and _ as letters, and needs a session', async () => {
      const prefix = uniqueName('cap').slice(0, 12).toLowerCase();
      const { client } = await memberWithClient(app);
      for (let i = 0; i < 10; i++) await createMember(app, { username: `${prefix}${i}` });
      expect((await client.get(`/api/mentions?q=${prefix}`)).body).toHaveLength(8);
      const short = await client.get('/api/mentions?q=a');
      expect(short.status).toBe(422);
      expect(short.body.errors.q).toEqual(['is too short (minimum is 2 characters)']);
      expect((await client.get('/api/mentions?q=%25%25')).body).toEqual([]);
      expect((await app.client().get(`/api/mentions?q=${prefix}`)).status).toBe(401);
    });

    it('with group_id suggests only that group’s members, and only to a member of it', async () => {
      const prefix = uniqueName('grp').slice(0, 12).toLowerCase();
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const inside = await createMember(app, { username: `${prefix}_in` });
      await createMember(app, { username: `${prefix}_out` });
      await addToGroup(app, group.id, inside.id, 'Commentor');
      const res = await owner.get(`/api/mentions?q=${prefix}&group_id=${group.id}`);
      expect(res.body.map((m: { username: string }) => m.username)).toEqual([inside.username]);
      const { client: stranger } = await memberWithClient(app);
      expect((await stranger.get(`/api/mentions?q=${prefix}&group_id=${group.id}`)).status).toBe(404);
    });
  });

  it('returns the members a post and its comments mention; unknown names and code stay text', async () => {
    const { client } = await memberWithClient(app);
    const ana = await createMember(app, { username: uniqueName('Ana') });
    const content = `Thanks @${ana.username.toLowerCase()} and @nobody_here_at_all, not \`@${ana.username}\``;
    const post = await createPostAs(client, { content });
    const shown = await client.get(`/api/posts/${post.id}`);
    expect(shown.body.mentions).toEqual([{ username: ana.username, profile_id: ana.id }]);
    const timeline = await client.get('/api/posts');
    expect(timeline.body.find((p: { id: string }) => p.id === post.id).mentions).toHaveLength(1);
    const created = await client.post(`/api/posts/${post.id}/comments`, { comment: { content } });
    expect(created.body.mentions).toEqual([{ username: ana.username, profile_id: ana.id }]);
    const [listed] = (await client.get(`/api/posts/${post.id}/comments`)).body;
    expect(listed.mentions).toEqual([{ username: ana.username, profile_id: ana.id }]);
  });
});
