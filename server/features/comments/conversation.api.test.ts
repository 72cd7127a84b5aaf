import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, waitForJobsDone, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { publishAs, walkPages } from '../../../tests/support/public-post-factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import type { TestClient } from '../../../tests/support/test-client';

/** Edits, replies, paged comments and the notifications a conversation sends. */
describe('conversation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  // A conversation's news; a group's members also hear of each new post (ADR 045), tested apart.
  const inboxOf = (userId: string) =>
    app.context.db
      .select({
        kind: notifications.kind,
        actorId: notifications.actorId,
        postId: notifications.postId,
        commentId: notifications.commentId,
        linkId: notifications.linkId,
        linkCommentId: notifications.linkCommentId,
      })
      .from(notifications)
      .where(and(eq(notifications.recipientId, userId), ne(notifications.kind, 'group_post')))
      .orderBy(notifications.createdAt);

  const comment = async (client: TestClient, postId: string, content: string, parentId?: string) => {
    const res = await client.post(`/api/posts/${postId}/comments`, {
      comment: { content, parent_id: parentId },
    });
    if (res.status !== 201) throw new Error(`comment not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; parent_id: string | null };
  };

  describe('PATCH /api/posts/{id}', () => {
    it('lets the author change title and content, marks it edited, and search and the public page follow', async () => {
      const { client: author } = await memberWithClient(app);
      const { client: reader } = await memberWithClient(app);
      const post = await createPostAs(author, { tldr: 'Jam day', content: 'Strawberry jam' });
      expect((await reader.get(`/api/posts/${post.id}`)).body).toMatchObject({
        edited_at: null,
        can_edit: false,
      });
      const publication = await publishAs(author, post.id);

      const res = await author.patch(`/api/posts/${post.id}`, {
        post: { tldr: '  Marmalade day ', content: 'Bitter orange marmalade' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        tldr: 'Marmalade day',
        content: 'Bitter orange marmalade',
        can_edit: true,
      });
      expect(Date.parse(res.body.edited_at)).toBeGreaterThanOrEqual(Date.parse(res.body.created_at));
      expect((await reader.get(`/api/posts/${post.id}`)).body).toMatchObject({
        tldr: 'Marmalade day',
        edited_at: res.body.edited_at,
      });
      expect((await app.client().get(`/api/published_posts/${publication.slug}`)).body).toMatchObject({
        tldr: 'Marmalade day',
        content: 'Bitter orange marmalade',
      });

      await waitForJobsDone(app, 'search.index', { timeoutMs: 60_000 });
      const found = await reader.post('/api/search', { query: 'marmalade' });
      expect(found.body.map((hit: { id: string }) => hit.id)).toContain(post.id);
    });

    it('refuses other members (403), unseen posts (404), signed-out requests and the create limits', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const post = await createPostAs(owner, { group_id: group.id });
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { client: outsider } = await memberInGroup(app, group.id, null);
      const body = { post: { tldr: 'New title', content: 'x' } };
      expect((await moderator.patch(`/api/posts/${post.id}`, body)).status).toBe(403);
      expect((await outsider.patch(`/api/posts/${post.id}`, body)).status).toBe(404);
      expect((await app.client().patch(`/api/posts/${post.id}`, body)).status).toBe(401);

      const long = await owner.patch(`/api/posts/${post.id}`, {
        post: { tldr: 'T', content: 'x'.repeat(2001) },
      });
      expect(long.status).toBe(422);
      expect(long.body.errors.content).toEqual(['is too long (maximum is 2000 characters)']);
      const blank = await owner.patch(`/api/posts/${post.id}`, { post: { tldr: '   ', content: '' } });
      expect(blank.status).toBe(422);
      expect(blank.body.errors.tldr).toEqual(["can't be blank"]);
      const exact = await owner.patch(`/api/posts/${post.id}`, {
        post: { tldr: 'T', content: 'x'.repeat(2000) },
      });
      expect(exact.status).toBe(200);
      expect(exact.body.group_id).toBe(group.id);
    });
  });

  describe('PATCH /api/comments/{id} and link comments', () => {
    it('lets only the comment author edit, with the create rules, and marks it edited', async () => {
      const { client: postAuthor } = await memberWithClient(app);
      const { client: commenter } = await memberWithClient(app);
      const post = await createPostAs(postAuthor);
      const mine = await comment(commenter, post.id, 'Typo heer');
      expect((await postAuthor.patch(`/api/comments/${mine.id}`, { comment: { content: 'x' } })).status).toBe(
        403,
      );
      const blank = await commenter.patch(`/api/comments/${mine.id}`, { comment: { content: '  ' } });
      expect(blank.status).toBe(422);
      expect(blank.body.errors.content).toEqual(["can't be blank"]);
      const res = await commenter.patch(`/api/comments/${mine.id}`, { comment: { content: ' Typo here ' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ content: 'Typo here', can_edit: true });
      expect(res.body.edited_at).not.toBeNull();
      const [listed] = (await postAuthor.get(`/api/posts/${post.id}/comments`)).body;
      expect(listed).toMatchObject({ content: 'Typo here', edited_at: res.body.edited_at, can_edit: false });
      expect(
        (await app.client().patch(`/api/comments/${mine.id}`, { comment: { content: 'x' } })).status,
      ).toBe(401);
    });

    it('edits a link comment {content}: author only, required text', async () => {
      const { client: owner } = await memberWithClient(app);
      const { client: reader } = await memberWithClient(app);
      const link = await owner.post('/api/links', {
        url: `https://example.test/${Date.now()}`,
        visibility: 'published',
      });
      const created = await reader.post(`/api/links/${link.body.id}/comments`, { content: 'Good rad' });
      const path = `/api/links/${link.body.id}/comments/${created.body.id}`;
      expect((await owner.patch(path, { content: 'x' })).status).toBe(403);
      const blank = await reader.patch(path, { content: ' ' });
      expect(blank.status).toBe(422);
      expect(blank.body.errors.content).toEqual(['Comment content is required']);
      const res = await reader.patch(path, { content: 'Good read' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ content: 'Good read', can_edit: true });
      expect(res.body.edited_at).not.toBeNull();
    });
  });

  describe('replies', () => {
    it('threads one level: a reply to a reply joins its top-level comment; a foreign parent is a 422', async () => {
      const { client: author } = await memberWithClient(app);
      const post = await createPostAs(author);
      const other = await createPostAs(author);
      const top = await comment(author, post.id, 'Top');
      const reply = await comment(author, post.id, 'Reply', top.id);
      expect(reply.parent_id).toBe(top.id);
      const nested = await comment(author, post.id, 'Reply to reply', reply.id);
      expect(nested.parent_id).toBe(top.id);

      const foreign = await author.post(`/api/posts/${other.id}/comments`, {
        comment: { content: 'x', parent_id: top.id },
      });
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors.parent_id).toEqual(['is not a comment on this post']);
      const missing = await author.post(`/api/posts/${post.id}/comments`, {
        comment: { content: 'x', parent_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(missing.status).toBe(422);
      const malformed = await author.post(`/api/posts/${post.id}/comments`, {
        comment: { content: 'x', parent_id: 'nope' },
      });
      expect(malformed.status).toBe(422);
      expect(malformed.body.errors.parent_id).toBeDefined();

      const list = (await author.get(`/api/posts/${post.id}/comments`)).body;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: top.id, replies_count: 2 });
      expect(list[0].replies.map((r: { content: string }) => r.content)).toEqual(['Reply', 'Reply to reply']);
    });

    it('shows a single reply under its comment, and none under a comment without replies', async () => {
      const { client: author } = await memberWithClient(app);
      const post = await createPostAs(author);
      const answered = await comment(author, post.id, 'Answered');
      await comment(author, post.id, 'Only reply', answered.id);
      await comment(author, post.id, 'Unanswered');

      const list = (await author.get(`/api/posts/${post.id}/comments`)).body as {
        content: string;
        replies_count: number;
        replies: { content: string }[];
      }[];
      expect(
        list.map((top) => [top.content, top.replies_count, top.replies.map((reply) => reply.content)]),
      ).toEqual([
        ['Answered', 1, ['Only reply']],
        ['Unanswered', 0, []],
      ]);
    });

    it('threads link comments the same way', async () => {
      const { client: owner } = await memberWithClient(app);
      const link = await owner.post('/api/links', {
        url: `https://example.test/r${Date.now()}`,
        visibility: 'published',
      });
      const base = `/api/links/${link.body.id}/comments`;
      const top = (await owner.post(base, { content: 'Top' })).body;
      const reply = (await owner.post(base, { content: 'Reply', parent_id: top.id })).body;
      const nested = (await owner.post(base, { content: 'Nested', parent_id: reply.id })).body;
      expect([reply.parent_id, nested.parent_id]).toEqual([top.id, top.id]);
      const list = (await owner.get(base)).body;
      expect(list).toHaveLength(1);
      expect(list[0].replies_count).toBe(2);
      const replies = await owner.get(`${base}/${top.id}/replies`);
      expect(replies.body.map((r: { content: string }) => r.content)).toEqual(['Reply', 'Nested']);
    });
  });

  describe('paging', () => {
    it('pages top-level comments oldest first by cursor, each with its first 3 replies, and the rest of the replies', async () => {
      const { client: author } = await memberWithClient(app);
      const post = await createPostAs(author);
      const tops: string[] = [];
      for (let i = 0; i < 23; i++) tops.push((await comment(author, post.id, `c${i}`)).id);
      for (let i = 0; i < 5; i++) await comment(author, post.id, `r${i}`, tops[0]);

      const pages = await walkPages(author, `/api/posts/${post.id}/comments`);
      expect(pages.map((page) => page.items.length)).toEqual([20, 3]);
      expect(pages.map((page) => page.hasNext)).toEqual(['true', 'false']);
      expect(pages.flatMap((page) => page.items.map((c: { id: string }) => c.id))).toEqual(tops);
      const first = pages[0]!.items[0];
      expect(first.replies_count).toBe(5);
      expect(first.replies.map((r: { content: string }) => r.content)).toEqual(['r0', 'r1', 'r2']);
      expect(pages[0]!.items[1].replies).toEqual([]);

      const small = await author.get(`/api/posts/${post.id}/comments?limit=5`);
      expect(small.body).toHaveLength(5);
      const replyPages = await walkPages(author, `/api/comments/${tops[0]}/replies?limit=2`);
      expect(replyPages.flatMap((page) => page.items.map((r: { content: string }) => r.content))).toEqual([
        'r0',
        'r1',
        'r2',
        'r3',
        'r4',
      ]);
      expect((await author.get(`/api/posts/${post.id}/comments?limit=51`)).status).toBe(422);
      expect((await author.get(`/api/posts/${post.id}/comments?after=garbage`)).status).toBe(422);
    });

    it('hides the replies of a comment on a post the member may not see (404)', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const post = await createPostAs(owner, { group_id: group.id });
      const top = await comment(owner, post.id, 'secret');
      const { client: outsider } = await memberInGroup(app, group.id, null);
      expect((await outsider.get(`/api/comments/${top.id}/replies`)).status).toBe(404);
    });
  });

  describe('notifications', () => {
    it('tells the post author of a comment, and the answered author of a reply (the post author too)', async () => {
      const author = await memberWithClient(app);
      const ana = await memberWithClient(app);
      const ben = await memberWithClient(app);
      const post = await createPostAs(author.client);
      const top = await comment(ana.client, post.id, 'First!');
      expect(await inboxOf(author.member.id)).toEqual([
        {
          kind: 'comment',
          actorId: ana.member.id,
          postId: post.id,
          commentId: top.id,
          linkId: null,
          linkCommentId: null,
        },
      ]);
      const reply = await comment(ben.client, post.id, 'Agreed', top.id);
      expect(await inboxOf(ana.member.id)).toEqual([
        expect.objectContaining({
          kind: 'reply',
          actorId: ben.member.id,
          commentId: reply.id,
          postId: post.id,
        }),
      ]);
      const authorInbox = await inboxOf(author.member.id);
      expect(authorInbox.map((n) => [n.kind, n.commentId])).toEqual([
        ['comment', top.id],
        ['comment', reply.id],
      ]);
      // Ana answering on her own thread tells Ben (whom she answered) and the post author; not herself.
      await comment(ana.client, post.id, 'Thanks', reply.id);
      expect((await inboxOf(ben.member.id)).map((n) => n.kind)).toEqual(['reply']);
      expect((await inboxOf(ana.member.id)).map((n) => n.kind)).toEqual(['reply']);
    });

    it('sends one notification per member per comment: a reply to the post author is a reply, a mention + reply one reply', async () => {
      const author = await memberWithClient(app);
      const ana = await memberWithClient(app);
      const post = await createPostAs(author.client);
      const top = await comment(author.client, post.id, 'My own thread');
      await comment(ana.client, post.id, `Hey @${author.member.username}!`, top.id);
      expect((await inboxOf(author.member.id)).map((n) => n.kind)).toEqual(['reply']);
    });

    it('mentions notify only members who may see the post, and an edit only the newly mentioned', async () => {
      const owner = await memberWithClient(app);
      const group = await createGroupAs(owner.client);
      const inside = await memberInGroup(app, group.id, 'Poster');
      const outside = await memberInGroup(app, group.id, null);
      const later = await memberInGroup(app, group.id, 'Commentor');
      const text = `Hi @${inside.member.username} and @${outside.member.username.toUpperCase()}`;
      const post = await createPostAs(owner.client, { group_id: group.id, content: text });
      expect(await inboxOf(inside.member.id)).toEqual([
        expect.objectContaining({
          kind: 'mention',
          postId: post.id,
          actorId: owner.member.id,
          commentId: null,
        }),
      ]);
      // The outsider's mention was dropped; the insider's, recorded in the same call, is the control.
      expect(await inboxOf(outside.member.id)).toEqual([]);

      const edited = await owner.client.patch(`/api/posts/${post.id}`, {
        post: { tldr: 'Edited', content: `${text} and @${later.member.username}` },
      });
      expect(edited.status).toBe(200);
      expect(await inboxOf(later.member.id)).toEqual([
        expect.objectContaining({ kind: 'mention', postId: post.id }),
      ]);
      expect(await inboxOf(inside.member.id)).toHaveLength(1);

      // Comments mention too; editing a comment tells only whom it adds.
      const note = await comment(inside.client, post.id, `cc @${later.member.username}`);
      const mentions = () =>
        app.context.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.recipientId, later.member.id), eq(notifications.commentId, note.id)));
      expect(await mentions()).toHaveLength(1);
      await inside.client.patch(`/api/comments/${note.id}`, {
        comment: { content: `cc @${later.member.username} @${owner.member.username}` },
      });
      expect(await mentions()).toHaveLength(1);
      // The post author already had `comment` for this comment; the added mention is a second, later event.
      expect(
        (await inboxOf(owner.member.id)).filter((n) => n.commentId === note.id).map((n) => n.kind),
      ).toEqual(['comment', 'mention']);
    });

    it('tells the link owner of a comment on their link, with the link referenced', async () => {
      const owner = await memberWithClient(app);
      const reader = await memberWithClient(app);
      const link = await owner.client.post('/api/links', {
        url: `https://example.test/n${Date.now()}`,
        visibility: 'published',
      });
      const created = await reader.client.post(`/api/links/${link.body.id}/comments`, {
        content: 'Nice find',
      });
      // Reading example.test fails in the background and may tell the owner so (`link_failed`) at
      // any moment: only the conversation's notifications are in question here.
      const conversation = (await inboxOf(owner.member.id)).filter((n) => !n.kind.startsWith('link_'));
      expect(conversation).toEqual([
        expect.objectContaining({
          kind: 'comment',
          actorId: reader.member.id,
          linkId: link.body.id,
          linkCommentId: created.body.id,
          postId: null,
        }),
      ]);
    });
  });
});
