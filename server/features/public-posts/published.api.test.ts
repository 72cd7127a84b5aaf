import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient, type Member } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import { publishAs, walkPages } from '../../../tests/support/public-post-factories';
import type { TestClient } from '../../../tests/support/test-client';

const PUBLISHED_FIELDS = [
  'id',
  'tldr',
  'content',
  'content_preview_html',
  'created_at',
  'created_at_human',
  'time_ago',
  'username',
  'name',
  'avatar',
  'group_name',
  'group_id',
  'profile_id',
  'likes_count',
  'comments_count',
  'file_url',
  'file_name',
  'file_size',
  'file_width',
  'file_height',
  'thumbnail_url',
  'has_image',
  'has_video',
  'file_duration_ms',
  'file_poster_url',
  'files',
  'slug',
  'public_url',
  'published_at',
  'content_html',
].sort();

const PUBLIC_CACHE = 'public, max-age=60';

/**
 * The public reads: GET /api/published_posts (the feed and the explore timeline), one published
 * post by id or slug, and what visitors may know of a group or a member. One app per file, so the
 * feed holds exactly the posts published here.
 */
describe('published posts (public reads)', () => {
  let app: TestApp;
  let visitor: TestClient;
  let alice: { member: Member; client: TestClient };
  let bob: { member: Member; client: TestClient };
  let groupId: string;
  let unpublishedGroupId: string;
  /** Post ids in the order they were published (oldest first). */
  const published: string[] = [];
  let groupPostId: string;
  let likedPostId: string;

  beforeAll(async () => {
    app = await createTestApp();
    visitor = app.client();
    alice = await memberWithClient(app, { firstName: 'Alice', lastName: 'Adams' });
    bob = await memberWithClient(app);
    groupId = (await createGroupAs(alice.client, 'Gardeners')).id;
    unpublishedGroupId = (await createGroupAs(alice.client)).id;
    const { client: poster } = await memberInGroup(app, unpublishedGroupId, 'Poster');
    await createPostAs(poster, { group_id: unpublishedGroupId, tldr: 'Private to the group' });

    // Written in one order, published in another: the feed follows publication.
    const first = await createPostAs(alice.client, { tldr: 'First written', content: '**Bold** text' });
    const second = await createPostAs(bob.client, { tldr: 'Second written' });
    const inGroup = await createPostAs(alice.client, { tldr: 'In the garden', group_id: groupId });
    await createPostAs(alice.client, { tldr: 'Never published' });
    for (const post of [second, first, inGroup]) {
      const author = post === second ? bob.client : alice.client;
      await publishAs(author, post.id);
      published.push(post.id);
    }
    for (let i = 0; i < 4; i++) {
      const extra = await createPostAs(i % 2 ? alice.client : bob.client, { tldr: `Extra ${i}` });
      await publishAs(i % 2 ? alice.client : bob.client, extra.id);
      published.push(extra.id);
    }
    groupPostId = inGroup.id;
    likedPostId = first.id;
    // Two likes and one comment on the first post; the counts must say so.
    await bob.client.post(`/api/posts/${first.id}/likes`);
    await alice.client.post(`/api/posts/${first.id}/likes`);
    await bob.client.post(`/api/posts/${first.id}/comments`, { comment: { content: 'Nice' } });
  });
  afterAll(() => app.close());

  const newestFirst = () => [...published].reverse();

  it('lists published posts to visitors, newest publication first, with the spec fields only', async () => {
    const res = await visitor.get('/api/published_posts');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-has-next-page')).toBe('false');
    expect(res.headers.get('x-next-cursor')).toBeNull();
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(newestFirst());
    for (const post of res.body) expect(Object.keys(post).sort()).toEqual(PUBLISHED_FIELDS);
    const liked = res.body.find((p: { id: string }) => p.id === likedPostId);
    expect(liked).toMatchObject({
      tldr: 'First written',
      content: '**Bold** text',
      username: alice.member.username,
      name: 'Alice Adams',
      avatar: null,
      profile_id: alice.member.id,
      group_id: null,
      group_name: null,
      likes_count: 2,
      comments_count: 1,
      file_url: null,
      file_width: null,
      file_height: null,
      has_image: false,
      has_video: false,
      file_duration_ms: null,
      file_poster_url: null,
    });
    expect(liked.content_html).toBe('<p><strong>Bold</strong> text</p>');
    expect(liked.public_url).toBe(`http://hearth.test/explore/post/${liked.slug}`);
    expect(new Date(liked.published_at).getTime()).toBeGreaterThan(new Date(liked.created_at).getTime());
    const inGroup = res.body.find((p: { id: string }) => p.id === groupPostId);
    expect(inGroup).toMatchObject({ group_id: groupId, group_name: 'Gardeners' });
  });

  it('sends the content as HTML with raw HTML skipped, and the new HTML after an edit', async () => {
    const post = await createPostAs(alice.client, {
      tldr: 'Markdown and markup',
      content:
        'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> [me](javascript:alert(3))\n\n| a |\n| - |\n| 1 |',
    });
    const publication = await publishAs(alice.client, post.id);
    const html = (await visitor.get(`/api/published_posts/${post.id}`)).body.content_html as string;
    // A positive control: the Markdown became HTML (a GFM table too).
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).not.toMatch(/<script|<img|onerror|javascript:/i);

    const edited = await alice.client.patch(`/api/posts/${post.id}`, {
      post: { tldr: 'Markdown and markup', content: '## Changed' },
    });
    expect(edited.status).toBe(200);
    expect((await visitor.get(`/api/published_posts/${post.id}`)).body.content_html).toBe('<h2>Changed</h2>');
    expect((await alice.client.delete(`/api/public_posts/${publication.id}`)).status).toBe(200);
  });

  it('gives members the same answer as visitors, and marks it cacheable by anyone', async () => {
    const asVisitor = await visitor.get('/api/published_posts');
    const asMember = await bob.client.get('/api/published_posts');
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual(asVisitor.body);
    expect(asVisitor.headers.get('cache-control')).toBe(PUBLIC_CACHE);
    expect(asMember.headers.get('cache-control')).toBe(PUBLIC_CACHE);
    expect(asVisitor.headers.get('set-cookie')).toBeNull();
  });

  it('keeps an answer that slides a member’s session out of shared caches', async () => {
    // A session last used two hours ago is extended, with a Set-Cookie no shared cache may keep.
    await app.context.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, bob.member.id));
    const res = await bob.client.get('/api/published_posts');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('hearth_session=');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect((await bob.client.get('/api/published_posts')).headers.get('cache-control')).toBe(PUBLIC_CACHE);
  });

  it('walks the whole feed one post at a time (limit=1) with x-next-cursor and x-has-next-page', async () => {
    const pages = await walkPages(visitor, '/api/published_posts?limit=1');
    expect(pages.map((page) => page.items.map((p: { id: string }) => p.id))).toEqual(
      newestFirst().map((id) => [id]),
    );
    expect(pages.map((page) => page.hasNext)).toEqual([...Array(published.length - 1).fill('true'), 'false']);
    const liked = pages.flatMap((page) => page.items).find((p: { id: string }) => p.id === likedPostId);
    expect(liked).toMatchObject({ likes_count: 2, comments_count: 1 });
  });

  it('pages by three with the default and explicit limits, and refuses bad ones', async () => {
    const pages = await walkPages(visitor, '/api/published_posts?limit=3');
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((page) => page.items.map((p: { id: string }) => p.id))).toEqual(newestFirst());
    for (const limit of ['0', '51', 'abc']) {
      const res = await visitor.get(`/api/published_posts?limit=${limit}`);
      expect(res.status, limit).toBe(422);
      expect(res.body.errors.limit).toBeDefined();
    }
    const bad = await visitor.get('/api/published_posts?after=garbage');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ errors: { after: ['is invalid'] } });
  });

  it('filters by group and by profile, 404 for one without published posts', async () => {
    const inGroup = await visitor.get(`/api/published_posts?group_id=${groupId}`);
    expect(inGroup.body.map((p: { id: string }) => p.id)).toEqual([groupPostId]);
    const byBob = await walkPages(visitor, `/api/published_posts?profile_id=${bob.member.id}&limit=1`);
    const bobIds = byBob.flatMap((page) => page.items).map((p: { profile_id: string }) => p.profile_id);
    expect(bobIds).toHaveLength(3);
    expect(new Set(bobIds)).toEqual(new Set([bob.member.id]));
    expect(byBob.map((page) => page.hasNext)).toEqual(['true', 'true', 'false']);
    const byAlice = await visitor.get(`/api/published_posts?profile_id=${alice.member.id}`);
    expect(byAlice.body.map((p: { id: string }) => p.id)).toEqual(
      newestFirst().filter((id) => byAlice.body.some((p: { id: string }) => p.id === id)),
    );
    expect(byAlice.body).toHaveLength(4);

    for (const query of [
      `group_id=${unpublishedGroupId}`,
      `group_id=${randomUUID()}`,
      `profile_id=${randomUUID()}`,
    ]) {
      const res = await visitor.get(`/api/published_posts?${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await visitor.get('/api/published_posts?group_id=nope')).status).toBe(422);
  });

  it('shows one published post by its id or its slug, the same to everyone', async () => {
    const list = await visitor.get('/api/published_posts');
    const post = list.body.find((p: { id: string }) => p.id === likedPostId);
    const byId = await visitor.get(`/api/published_posts/${post.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(post);
    expect(byId.headers.get('cache-control')).toBe(PUBLIC_CACHE);
    expect((await visitor.get(`/api/published_posts/${post.slug}`)).body).toEqual(post);
    expect((await visitor.get(`/api/published_posts/${post.id.toUpperCase()}`)).body).toEqual(post);
    expect((await bob.client.get(`/api/published_posts/${post.slug}`)).body).toEqual(post);
    // A group post, published by its author, is readable by visitors who cannot join the group.
    expect((await visitor.get(`/api/published_posts/${groupPostId}`)).body.group_name).toBe('Gardeners');
  });

  it('answers 404 for posts that are not published, and never lets a malformed id reach SQL', async () => {
    const { client } = await memberWithClient(app);
    const draft = await createPostAs(client);
    for (const key of [
      draft.id,
      randomUUID(),
      'no-such-slug',
      '00000000-0000-0000-0000-00000000000g',
      '12345678-1234-1234-1234-1234567890ab',
      "x' or '1'='1",
      '1',
    ]) {
      const res = await visitor.get(`/api/published_posts/${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(res.headers.get('cache-control') ?? '').not.toContain('public');
    }
    expect((await visitor.get(`/api/published_posts/${'x'.repeat(81)}`)).status).toBe(422);
    expect((await visitor.get('/api/published_posts/a%00b')).status).toBe(422);
  });

  describe('explore groups and profiles', () => {
    it('names a group with published posts, and nothing else of it', async () => {
      const res = await visitor.get(`/api/explore/groups/${groupId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: groupId, name: 'Gardeners' });
      expect(res.headers.get('cache-control')).toBe(PUBLIC_CACHE);
      expect((await bob.client.get(`/api/explore/groups/${groupId}`)).body).toEqual(res.body);
    });

    it('answers 404 for a group without published posts, unknown or malformed', async () => {
      expect((await visitor.get(`/api/explore/groups/${unpublishedGroupId}`)).status).toBe(404);
      expect((await visitor.get(`/api/explore/groups/${randomUUID()}`)).status).toBe(404);
      expect((await visitor.get('/api/explore/groups/not-an-id')).status).toBe(422);
    });

    it('shows a member with published posts, so visitors cannot enumerate the others', async () => {
      const res = await visitor.get(`/api/explore/profiles/${alice.member.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: alice.member.id,
        username: alice.member.username,
        name: 'Alice Adams',
        avatar: null,
      });
      expect(res.headers.get('cache-control')).toBe(PUBLIC_CACHE);
      const { member: quiet } = await memberWithClient(app);
      const hidden = await visitor.get(`/api/explore/profiles/${quiet.id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ error: expect.any(String) });
      expect((await visitor.get(`/api/explore/profiles/${randomUUID()}`)).status).toBe(404);
      expect((await visitor.get('/api/explore/profiles/1')).status).toBe(422);
    });

    it('forgets a group once its last published post is unpublished', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const post = await createPostAs(owner, { group_id: group.id });
      const publication = await publishAs(owner, post.id);
      expect((await visitor.get(`/api/explore/groups/${group.id}`)).status).toBe(200);
      await owner.delete(`/api/public_posts/${publication.id}`);
      expect((await visitor.get(`/api/explore/groups/${group.id}`)).status).toBe(404);
      expect((await visitor.get(`/api/published_posts?group_id=${group.id}`)).status).toBe(404);
      // Keep this file's feed as the other tests expect it.
      await owner.delete(`/api/posts/${post.id}`);
    });
  });
});
