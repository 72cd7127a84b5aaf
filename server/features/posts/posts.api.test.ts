import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, posts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import {
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../../../tests/support/social-factories';
import type { TestClient, TestResponse } from '../../../tests/support/test-client';

const POST_FIELDS = [
  'id',
  'tldr',
  'content',
  'content_preview_html',
  'created_at',
  'time_ago',
  'created_at_human',
  'username',
  'name',
  'avatar',
  'group_name',
  'group_id',
  // The event the post is the card of (ADR 057).
  'event_id',
  // The date poll the post is the card of (ADR 057).
  'date_poll_id',
  'profile_id',
  'liked_by_current_user',
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
  'published',
  'is_owner',
  'can_delete',
  'can_publish',
  'ignored',
  'can_edit',
  'edited_at',
  'mentions',
  'pinned',
  'can_pin',
  'reactions',
  'poll',
].sort();

/** Every page of a timeline, following x-next-cursor. */
async function allPages(client: TestClient, path: string) {
  const pages: Array<{ ids: string[]; hasNext: string | null }> = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const separator = path.includes('?') ? '&' : '?';
    const res: TestResponse = await client.get(
      after ? `${path}${separator}after=${encodeURIComponent(after)}` : path,
    );
    expect(res.status).toBe(200);
    pages.push({
      ids: res.body.map((p: { id: string }) => p.id),
      hasNext: res.headers.get('x-has-next-page'),
    });
    after = res.headers.get('x-next-cursor');
    if (!after) break;
  }
  return pages;
}

describe('posts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  describe('POST /api/posts', () => {
    it('creates a post with exactly the spec fields plus abilities', async () => {
      const { client, member } = await memberWithClient(app, { firstName: 'Ada', lastName: 'Lovelace' });
      const res = await client.post('/api/posts', { post: { tldr: '  Hello  ', content: '**hi**' } });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(POST_FIELDS);
      expect(res.body).toMatchObject({
        tldr: 'Hello',
        content: '**hi**',
        content_preview_html: '<p><strong>hi</strong></p>',
        username: member.username,
        name: 'Ada Lovelace',
        avatar: null,
        group_id: null,
        group_name: null,
        profile_id: member.id,
        liked_by_current_user: false,
        likes_count: 0,
        comments_count: 0,
        file_url: null,
        file_name: null,
        file_size: null,
        file_width: null,
        file_height: null,
        thumbnail_url: null,
        has_image: false,
        has_video: false,
        file_duration_ms: null,
        file_poster_url: null,
        published: null,
        is_owner: true,
        can_delete: true,
        can_publish: true,
        time_ago: 'just now',
      });
      expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
      expect(res.body.created_at_human).toMatch(/UTC$/);
    });

    it('accepts a post without content and with group_id ""', async () => {
      const { client } = await memberWithClient(app);
      const res = await client.post('/api/posts', { post: { tldr: 'Only a title', group_id: '' } });
      expect(res.status).toBe(201);
      expect(res.body.content).toBe('');
      expect(res.body.content_preview_html).toBe('');
    });

    it("renders a card's preview as HTML: 200 characters and an ellipsis, raw HTML skipped", async () => {
      const { client } = await memberWithClient(app);
      const content = `<script>alert(1)</script>\n\n**Bread** at the ${'market '.repeat(40)}[a link](https://example.org)`;
      const created = await client.post('/api/posts', { post: { tldr: 'Bread', content } });
      expect(created.status).toBe(201);
      const [listed] = (await client.get('/api/posts?limit=1')).body;
      expect(listed.id).toBe(created.body.id);
      for (const html of [created.body.content_preview_html, listed.content_preview_html]) {
        expect(html).toMatch(/^\n?<p><strong>Bread<\/strong> at the (market )+ma\.\.\.<\/p>$/);
        // The link past the 200th character is cut, not half-drawn; the script never reaches the page.
        expect(html).not.toMatch(/example\.org|script|alert/);
      }
    });

    it('refuses a blank title and content over 2000 characters', async () => {
      const { client } = await memberWithClient(app);
      const blank = await client.post('/api/posts', { post: { tldr: '   ', content: 'x' } });
      expect(blank.status).toBe(422);
      expect(blank.body.errors.tldr).toEqual(["can't be blank"]);
      const missing = await client.post('/api/posts', { post: {} });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.tldr).toEqual(["can't be blank"]);
      const long = await client.post('/api/posts', { post: { tldr: 'ok', content: 'x'.repeat(2001) } });
      expect(long.status).toBe(422);
      expect(long.body.errors.content).toEqual(['is too long (maximum is 2000 characters)']);
      const exact = await client.post('/api/posts', { post: { tldr: 'ok', content: 'x'.repeat(2000) } });
      expect(exact.status).toBe(201);
      const longTitle = await client.post('/api/posts', { post: { tldr: 'x'.repeat(301) } });
      expect(longTitle.status).toBe(422);
      const badGroup = await client.post('/api/posts', { post: { tldr: 'ok', group_id: 'nope' } });
      expect(badGroup.status).toBe(422);
      expect(badGroup.body.errors.group_id).toBeDefined();
    });

    it('needs a session', async () => {
      const res = await app.client().post('/api/posts', { post: { tldr: 'x' } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'You need to sign in or sign up before continuing.' });
    });

    it('posts into a group for Owner, Moderator and Poster; 403 for Commentor and non-members', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const ownPost = await owner.post('/api/posts', { post: { tldr: 'owner', group_id: group.id } });
      expect(ownPost.status).toBe(201);
      expect(ownPost.body).toMatchObject({ group_id: group.id, group_name: group.name });
      for (const role of ['Moderator', 'Poster'] as const) {
        const { client } = await memberInGroup(app, group.id, role);
        expect((await client.post('/api/posts', { post: { tldr: role, group_id: group.id } })).status).toBe(
          201,
        );
      }
      const { client: commentor } = await memberInGroup(app, group.id, 'Commentor');
      const refused = await commentor.post('/api/posts', { post: { tldr: 'no', group_id: group.id } });
      expect(refused.status).toBe(403);
      const { client: outsider } = await memberInGroup(app, group.id, null);
      expect((await outsider.post('/api/posts', { post: { tldr: 'no', group_id: group.id } })).status).toBe(
        403,
      );
      const unknown = await owner.post('/api/posts', {
        post: { tldr: 'no', group_id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors.group_id).toEqual(['is not a group']);
    });

    it('attaches only an uploaded post attachment of the author', async () => {
      const { client, member } = await memberWithClient(app);
      const { member: other } = await memberWithClient(app);
      const insertFile = async (values: Partial<typeof files.$inferInsert>) => {
        const [row] = await app.context.db
          .insert(files)
          .values({
            userId: member.id,
            name: 'photo.png',
            fileType: 'post_attachment',
            status: 'uploaded',
            contentType: 'image/png',
            storageKey: `key-${Math.random()}`,
            ...values,
          })
          .returning();
        return row!.id;
      };
      const good = await insertFile({});
      const pending = await insertFile({ status: 'pending' });
      const profile = await insertFile({ fileType: 'profile' });
      const others = await insertFile({ userId: other.id });
      for (const id of [pending, profile, others]) {
        const res = await client.post('/api/posts', { post: { tldr: 'file', file_request_id: id } });
        expect(res.status).toBe(422);
        expect(res.body.errors.file_request_id).toEqual(['is not an uploaded attachment of yours']);
      }
      const res = await client.post('/api/posts', { post: { tldr: 'file', file_request_id: good } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        file_name: 'photo.png',
        has_image: true,
        file_url: `/api/files/${good}`,
        thumbnail_url: `/api/files/${good}?variant=thumbnail`,
      });
      const again = await client.post('/api/posts', { post: { tldr: 'again', file_request_id: good } });
      expect(again.status).toBe(422);
    });
  });

  describe('GET /api/posts/{id}', () => {
    it('shows a post to every member, a group post only to members (404 otherwise)', async () => {
      const { client: author } = await memberWithClient(app);
      const { client: reader } = await memberWithClient(app);
      const open = await createPostAs(author);
      const res = await reader.get(`/api/posts/${open.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: open.id, is_owner: false, can_delete: false, can_publish: false });

      const group = await createGroupAs(author);
      const hidden = await createPostAs(author, { group_id: group.id });
      const denied = await reader.get(`/api/posts/${hidden.id}`);
      expect(denied.status).toBe(404);
      expect(denied.body).toEqual({ error: 'Not found.' });
      const { client: member } = await memberInGroup(app, group.id, 'Commentor');
      expect((await member.get(`/api/posts/${hidden.id}`)).status).toBe(200);

      expect((await reader.get('/api/posts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await reader.get('/api/posts/not-a-uuid')).status).toBe(422);
      expect((await app.client().get(`/api/posts/${open.id}`)).status).toBe(401);
    });

    it('carries the whole content as HTML (raw HTML skipped), which lists leave out', async () => {
      const { client } = await memberWithClient(app);
      const long = `**Bread** <script>alert(1)</script>\n\n${'market '.repeat(60)}[a link](https://example.org)`;
      const created = await client.post('/api/posts', { post: { tldr: 'Bread', content: long } });
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty('content_html');
      const res = await client.get(`/api/posts/${created.body.id}`);
      expect(res.status).toBe(200);
      expect(res.body.content_html).toContain('<strong>Bread</strong>');
      // The whole of it, where the card's preview stops at 200 characters.
      expect(res.body.content_html).toContain('<a href="https://example.org">a link</a>');
      expect(res.body.content_html).not.toContain('<script');
      const titleOnly = await client.post('/api/posts', { post: { tldr: 'Only a title' } });
      expect((await client.get(`/api/posts/${titleOnly.body.id}`)).body.content_html).toBe('');
    });
  });

  describe('DELETE /api/posts/{id}', () => {
    it('lets the author and the group Owner/Moderator delete; others get 403 or 404', async () => {
      const { client: owner } = await memberWithClient(app);
      const group = await createGroupAs(owner);
      const { client: poster } = await memberInGroup(app, group.id, 'Poster');
      const { client: moderator } = await memberInGroup(app, group.id, 'Moderator');
      const { client: commentor } = await memberInGroup(app, group.id, 'Commentor');
      const { client: outsider } = await memberInGroup(app, group.id, null);

      const first = await createPostAs(poster, { group_id: group.id });
      expect((await commentor.delete(`/api/posts/${first.id}`)).status).toBe(403);
      expect((await outsider.delete(`/api/posts/${first.id}`)).status).toBe(404);
      const asSeen = await moderator.get(`/api/posts/${first.id}`);
      expect(asSeen.body.can_delete).toBe(true);
      const removed = await moderator.delete(`/api/posts/${first.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ id: first.id, deleted: true });
      expect((await poster.get(`/api/posts/${first.id}`)).status).toBe(404);

      const second = await createPostAs(poster, { group_id: group.id });
      expect((await owner.delete(`/api/posts/${second.id}`)).status).toBe(200);
      const third = await createPostAs(poster);
      expect((await owner.delete(`/api/posts/${third.id}`)).status).toBe(403);
      expect((await poster.delete(`/api/posts/${third.id}`)).status).toBe(200);
    });
  });

  describe('GET /api/posts (timeline)', () => {
    it('pages with a keyset cursor: 20 per page, headers, no gaps or repeats', async () => {
      const timelineApp = await createTestApp();
      try {
        const { client } = await memberWithClient(timelineApp);
        const created: string[] = [];
        for (let i = 0; i < 45; i++) created.push((await createPostAs(client, { tldr: `post ${i}` })).id);
        const pages = await allPages(client, '/api/posts');
        expect(pages.map((p) => p.ids.length)).toEqual([20, 20, 5]);
        expect(pages.map((p) => p.hasNext)).toEqual(['true', 'true', 'false']);
        expect(pages.flatMap((p) => p.ids)).toEqual([...created].reverse());
        const small = await client.get('/api/posts?limit=2');
        expect(small.body).toHaveLength(2);
      } finally {
        await timelineApp.close();
      }
    });

    it('keeps exact order across posts created in the same millisecond (microsecond timestamps)', async () => {
      const tieApp = await createTestApp();
      try {
        const { client, member } = await memberWithClient(tieApp);
        // 30 posts whose created_at differ only in microseconds, plus exact ties broken by id.
        await tieApp.context.db.execute(sql`
          insert into posts (user_id, tldr, created_at)
          select ${member.id}, 'tie ' || i, timestamptz '2026-01-01 12:00:00.123' + (i % 15) * interval '1 microsecond'
          from generate_series(1, 30) as i`);
        const expected = await tieApp.context.db
          .select({ id: posts.id })
          .from(posts)
          .orderBy(sql`created_at desc, id desc`);
        const pages = await allPages(client, '/api/posts?limit=7');
        expect(pages.flatMap((p) => p.ids)).toEqual(expected.map((r) => r.id));
      } finally {
        await tieApp.close();
      }
    });

    it('shows group posts only to members and filters by group_id for members only', async () => {
      const { client: owner } = await memberWithClient(app);
      const { client: outsider } = await memberOfAnotherGroup(app);
      const group = await createGroupAs(owner);
      const groupPost = await createPostAs(owner, { group_id: group.id });
      const openPost = await createPostAs(owner);

      const ownerIds = (await owner.get('/api/posts?limit=50')).body.map((p: { id: string }) => p.id);
      expect(ownerIds).toEqual(expect.arrayContaining([groupPost.id, openPost.id]));
      const outsiderIds = (await outsider.get('/api/posts?limit=50')).body.map((p: { id: string }) => p.id);
      expect(outsiderIds).toContain(openPost.id);
      expect(outsiderIds).not.toContain(groupPost.id);

      const inGroup = await owner.get(`/api/posts?group_id=${group.id}`);
      expect(inGroup.status).toBe(200);
      expect(inGroup.body.map((p: { id: string }) => p.id)).toEqual([groupPost.id]);
      expect(inGroup.headers.get('x-has-next-page')).toBe('false');
      expect((await outsider.get(`/api/posts?group_id=${group.id}`)).status).toBe(404);
      expect((await owner.get('/api/posts?group_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('refuses a malformed cursor with 422 and needs a session', async () => {
      const { client } = await memberWithClient(app);
      const res = await client.get('/api/posts?after=garbage');
      expect(res.status).toBe(422);
      expect(res.body.errors.after).toEqual(['is invalid']);
      expect((await app.client().get('/api/posts')).status).toBe(401);
    });
  });

  describe('Ignore and Report', () => {
    it('hides an ignored post from that member only, and brings it back', async () => {
      const { client: author } = await memberWithClient(app);
      const { client: reader } = await memberWithClient(app);
      const post = await createPostAs(author);
      const ids = async (client: TestClient) =>
        (await client.get('/api/posts?limit=50')).body.map((p: { id: string }) => p.id);
      expect(await ids(reader)).toContain(post.id);
      const ignored = await reader.post(`/api/posts/${post.id}/ignore`);
      expect(ignored.status).toBe(200);
      expect(ignored.body).toEqual({ ignored: true });
      expect((await reader.post(`/api/posts/${post.id}/ignore`)).status).toBe(200);
      expect(await ids(reader)).not.toContain(post.id);
      expect(await ids(author)).toContain(post.id);
      expect((await reader.get(`/api/posts/${post.id}`)).body.ignored).toBe(true);
      const back = await reader.delete(`/api/posts/${post.id}/ignore`);
      expect(back.body).toEqual({ ignored: false });
      expect(await ids(reader)).toContain(post.id);
    });

    it('files one report per member per post, with or without a reason', async () => {
      const { client: author } = await memberWithClient(app);
      const { client: reader } = await memberWithClient(app);
      const post = await createPostAs(author);
      const first = await reader.post(`/api/posts/${post.id}/report`, { report: { reason: 'spam' } });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ post_id: post.id, reason: 'spam', status: 'open' });
      const again = await reader.post(`/api/posts/${post.id}/report`);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      const { client: other } = await memberWithClient(app);
      const bare = await other.post(`/api/posts/${post.id}/report`);
      expect(bare.status).toBe(201);
      expect(bare.body.reason).toBeNull();
      const long = await other.post(`/api/posts/${post.id}/report`, {
        report: { reason: 'x'.repeat(1001) },
      });
      expect(long.status).toBe(422);
    });

    it('answers 404 for Report and Ignore on a post the member may not see', async () => {
      const { client: owner } = await memberWithClient(app);
      const { client: outsider } = await memberOfAnotherGroup(app);
      const group = await createGroupAs(owner);
      const post = await createPostAs(owner, { group_id: group.id });
      expect((await outsider.post(`/api/posts/${post.id}/report`)).status).toBe(404);
      expect((await outsider.post(`/api/posts/${post.id}/ignore`)).status).toBe(404);
      expect((await outsider.delete(`/api/posts/${post.id}/ignore`)).status).toBe(404);
    });
  });
});
