import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';

const COMMENT_FIELDS = [
  'id',
  'post_id',
  'content',
  'content_html',
  'created_at',
  'created_at_human',
  'time_ago',
  'name',
  'username',
  'avatar',
  'profile_id',
  'is_owner',
  'can_delete',
  'can_edit',
  'edited_at',
  'parent_id',
  'replies_count',
  'mentions',
  'reactions',
  'replies',
].sort();

describe('comments', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('adds and lists comments oldest first, counted on the post', async () => {
    const { client: author } = await memberWithClient(app);
    const { client: reader, member } = await memberWithClient(app, {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const post = await createPostAs(author);
    const first = await reader.post(`/api/posts/${post.id}/comments`, {
      comment: { content: '  *First*  ' },
    });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(COMMENT_FIELDS);
    expect(first.body).toMatchObject({
      post_id: post.id,
      content: '*First*',
      // Drawn by the page as it is: no Markdown parser in the browser.
      content_html: '<p><em>First</em></p>',
      name: 'Grace Hopper',
      username: member.username,
      avatar: null,
      profile_id: member.id,
      is_owner: true,
      can_delete: true,
    });
    await author.post(`/api/posts/${post.id}/comments`, { comment: { content: 'Second' } });
    const list = await reader.get(`/api/posts/${post.id}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { content: string }) => c.content)).toEqual(['*First*', 'Second']);
    expect(list.body.map((c: { content_html: string }) => c.content_html)).toEqual([
      '<p><em>First</em></p>',
      '<p>Second</p>',
    ]);
    expect(list.body.map((c: { can_delete: boolean }) => c.can_delete)).toEqual([true, false]);
    expect((await reader.get(`/api/posts/${post.id}`)).body.comments_count).toBe(2);
    // The post's author may delete every comment on it.
    const asAuthor = await author.get(`/api/posts/${post.id}/comments`);
    expect(asAuthor.body.map((c: { can_delete: boolean }) => c.can_delete)).toEqual([true, true]);
  });

  it('refuses blank and over-long comments, and signed-out requests', async () => {
    const { client } = await memberWithClient(app);
    const post = await createPostAs(client);
    for (const content of ['', '   \n ', undefined]) {
      const res = await client.post(`/api/posts/${post.id}/comments`, { comment: { content } });
      expect(res.status).toBe(422);
      expect(res.body.errors.content).toEqual(["can't be blank"]);
    }
    const long = await client.post(`/api/posts/${post.id}/comments`, {
      comment: { content: 'x'.repeat(10_001) },
    });
    expect(long.status).toBe(422);
    const signedOut = app.client();
    expect(
      (await signedOut.post(`/api/posts/${post.id}/comments`, { comment: { content: 'x' } })).status,
    ).toBe(401);
    expect((await signedOut.get(`/api/posts/${post.id}/comments`)).status).toBe(401);
  });

  it('lets every group role comment; non-members get 404', async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner);
    const post = await createPostAs(owner, { group_id: group.id });
    const { client: commentor } = await memberInGroup(app, group.id, 'Commentor');
    const ok = await commentor.post(`/api/posts/${post.id}/comments`, { comment: { content: 'hello' } });
    expect(ok.status).toBe(201);
    const { client: outsider } = await memberInGroup(app, group.id, null);
    expect((await outsider.get(`/api/posts/${post.id}/comments`)).status).toBe(404);
    expect(
      (await outsider.post(`/api/posts/${post.id}/comments`, { comment: { content: 'x' } })).status,
    ).toBe(404);
    expect((await owner.get('/api/posts/00000000-0000-4000-8000-000000000000/comments')).status).toBe(404);
  });

  describe('DELETE /api/comments/{id}', () => {
    it('lets the comment author and the post author delete; another member gets 403', async () => {
      const { client: author } = await memberWithClient(app);
      const { client: commenter } = await memberWithClient(app);
      const { client: other } = await memberWithClient(app);
      const post = await createPostAs(author);
      const mine = (await commenter.post(`/api/posts/${post.id}/comments`, { comment: { content: 'a' } }))
        .body;
      const theirs = (await commenter.post(`/api/posts/${post.id}/comments`, { comment: { content: 'b' } }))
        .body;
      const refused = await other.delete(`/api/comments/${mine.id}`);
      expect(refused.status).toBe(403);
      const own = await commenter.delete(`/api/comments/${mine.id}`);
      expect(own.status).toBe(200);
      expect(own.body).toEqual({ id: mine.id, deleted: true });
      expect((await author.delete(`/api/comments/${theirs.id}`)).status).toBe(200);
      expect((await author.delete(`/api/comments/${theirs.id}`)).status).toBe(404);
      expect((await app.client().delete(`/api/comments/${theirs.id}`)).status).toBe(401);
    });

    it("lets the group's Owner and Moderator delete; Poster 403; non-member 404", async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: poster } = await memberInGroup(app, group.id, 'Poster');
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { client: otherPoster } = await memberInGroup(app, group.id, 'Poster');
      const { client: outsider } = await memberInGroup(app, group.id, null);
      const post = await createPostAs(poster, { group_id: group.id });
      const comment = async () =>
        (await otherPoster.post(`/api/posts/${post.id}/comments`, { comment: { content: 'c' } })).body;
      const a = await comment();
      expect((await outsider.delete(`/api/comments/${a.id}`)).status).toBe(404);
      const b = await comment();
      const { client: thirdPoster } = await memberInGroup(app, group.id, 'Poster');
      expect((await thirdPoster.delete(`/api/comments/${b.id}`)).status).toBe(403);
      const list = await moderator.get(`/api/posts/${post.id}/comments`);
      expect(list.body.every((c: { can_delete: boolean }) => c.can_delete)).toBe(true);
      expect((await moderator.delete(`/api/comments/${a.id}`)).status).toBe(200);
      expect((await owner.delete(`/api/comments/${b.id}`)).status).toBe(200);
    });
  });

  describe('GET /api/comments/{id}', () => {
    it('answers one comment as the viewer sees it, without replies; 404 where it is not theirs to see', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const post = await createPostAs(owner, { group_id: group.id });
      const { client: writer, member } = await memberInGroup(app, group.id, 'Poster');
      const { client: reader } = await memberInGroup(app, group.id, 'Commentor');
      const { client: outsider } = await memberInGroup(app, group.id, null);
      const top = (await writer.post(`/api/posts/${post.id}/comments`, { comment: { content: 'Top' } })).body;
      const reply = (
        await reader.post(`/api/posts/${post.id}/comments`, { comment: { content: 'Re', parent_id: top.id } })
      ).body;

      const seen = await reader.get(`/api/comments/${top.id}`);
      expect(seen.status).toBe(200);
      expect(Object.keys(seen.body).sort()).toEqual(COMMENT_FIELDS.filter((field) => field !== 'replies'));
      expect(seen.body).toMatchObject({
        id: top.id,
        post_id: post.id,
        content: 'Top',
        profile_id: member.id,
        is_owner: false,
        can_edit: false,
        can_delete: false,
        parent_id: null,
        replies_count: 1,
      });
      // Abilities are the viewer's own: the group's Owner may delete, the author may edit.
      expect((await owner.get(`/api/comments/${top.id}`)).body).toMatchObject({
        can_delete: true,
        can_edit: false,
      });
      expect((await writer.get(`/api/comments/${top.id}`)).body).toMatchObject({
        is_owner: true,
        can_edit: true,
      });
      expect((await writer.get(`/api/comments/${reply.id}`)).body).toMatchObject({ parent_id: top.id });

      expect((await outsider.get(`/api/comments/${top.id}`)).status).toBe(404);
      expect((await reader.post('/api/blocks', { user_id: member.id })).status).toBe(201);
      expect((await reader.get(`/api/comments/${top.id}`)).status).toBe(404);
      expect((await writer.delete(`/api/comments/${top.id}`)).status).toBe(200);
      expect((await owner.get(`/api/comments/${top.id}`)).status).toBe(404);
      expect((await owner.get(`/api/comments/${reply.id}`)).status).toBe(404);
      expect((await app.client().get(`/api/comments/${reply.id}`)).status).toBe(401);
    });
  });
});
