import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { links } from '../../db/schema';
import { LINKS_PROCESS_JOB } from './links.job';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import type { TestClient, TestResponse } from '../../../tests/support/test-client';

const LINK_FIELDS = [
  'id',
  'url',
  'title',
  'comment',
  'visibility',
  'group_id',
  'group_name',
  'sentence_summary',
  'paragraph_summary',
  'markdown_content',
  'domain',
  'created_at',
  'created_at_human',
  'time_ago',
  'username',
  'name',
  'avatar',
  'profile_id',
  'liked_by_current_user',
  'likes_count',
  'comments_count',
  'is_owner',
  'status',
  'step',
  'error',
  'retryable',
  'safety_verdict',
  'safety_reasons',
  'lead_image_url',
  'site_name',
  'language',
  'can_retry',
  'can_delete',
].sort();

const COMMENT_FIELDS = [
  'id',
  'link_id',
  'content',
  'created_at',
  'created_at_human',
  'time_ago',
  'name',
  'username',
  'avatar',
  'profile_id',
  'liked_by_current_user',
  'likes_count',
  'is_owner',
  'can_delete',
  'can_edit',
  'edited_at',
  'parent_id',
  'replies_count',
  'mentions',
  'replies',
].sort();

let counter = 0;
/** A page address no other test shares (the worker is off here: nothing is fetched). */
const uniqueUrl = () => `https://news.example.test/story-${Date.now()}-${counter++}`;

async function shareLink(
  client: TestClient,
  body: { url?: string; comment?: string | null; visibility?: string } = {},
): Promise<string> {
  const res = await client.post('/api/links', { url: uniqueUrl(), visibility: 'published', ...body });
  if (res.status !== 201) throw new Error(`link not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Every page of the link timeline, following x-next-cursor. */
async function allPages(client: TestClient, limit: number) {
  const pages: string[][] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: TestResponse = await client.get(
      `/api/links?limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    expect(res.status).toBe(200);
    pages.push(res.body.map((link: { id: string }) => link.id));
    after = res.headers.get('x-next-cursor');
    expect(res.headers.get('x-has-next-page')).toBe(after ? 'true' : 'false');
    if (!after) break;
  }
  return pages;
}

describe('links', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Web only: the worker would try to read the example pages from the network.
    app = await createTestApp({ config: { services: ['web'] } });
  });
  afterAll(() => app.close());

  describe('POST /api/links', () => {
    it('answers 422 with the spec texts per field', async () => {
      const { client } = await memberWithClient(app);
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{ visibility: 'private' }, { url: ['URL is required'] }],
        [{ url: '   ', visibility: 'private' }, { url: ['URL is required'] }],
        [{ url: 'not a url', visibility: 'private' }, { url: ['Please enter a valid URL'] }],
        [
          { url: 'ftp://example.test/file', visibility: 'private' },
          { url: ['must start with http:// or https://'] },
        ],
        [
          { url: 'https://me:secret@example.test/', visibility: 'private' },
          { url: ['must not contain a user name or password'] },
        ],
        [{ url: 'https://example.test/' }, { visibility: ['Visibility is required'] }],
        [{ url: 'https://example.test/', visibility: 'friends' }, { visibility: ['Visibility is required'] }],
        [{}, { url: ['URL is required'], visibility: ['Visibility is required'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await client.post('/api/links', body);
        expect({ body, status: res.status, answer: res.body }).toEqual({
          body,
          status: 422,
          answer: { errors },
        });
      }
      const mine = await client.get('/api/links');
      expect(mine.body).toEqual([]);
    });

    it('stores the link as pending with its normalised URL and domain, and presents every spec field', async () => {
      const { member, client } = await memberWithClient(app);
      const res = await client.post('/api/links', {
        url: '  https://WWW.Example.test/Read/?utm_source=mail&b=2&a=1#top ',
        comment: '',
        visibility: 'private',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), earlier_links: [] });

      const [row] = await app.context.db.select().from(links).where(eq(links.id, res.body.id));
      expect(row).toMatchObject({
        url: 'https://WWW.Example.test/Read/?utm_source=mail&b=2&a=1#top',
        normalizedUrl: 'https://example.test/Read?a=1&b=2',
        domain: 'example.test',
        status: 'pending',
        comment: null,
        visibility: 'private',
        userId: member.id,
      });

      const link = await client.get(`/api/links/${res.body.id}`);
      expect(link.status).toBe(200);
      expect(Object.keys(link.body).sort()).toEqual(LINK_FIELDS);
      expect(link.body).toMatchObject({
        id: res.body.id,
        title: null,
        comment: null,
        visibility: 'private',
        domain: 'example.test',
        username: member.username,
        profile_id: member.id,
        liked_by_current_user: false,
        likes_count: 0,
        comments_count: 0,
        is_owner: true,
        status: 'pending',
        safety_verdict: null,
        safety_reasons: [],
        can_retry: false,
        can_delete: true,
        time_ago: 'just now',
      });
    });

    it('queues the reading with the link, and neither without the other', async () => {
      const { client } = await memberWithClient(app);
      const queued = async (linkId: string) =>
        rowsOf<{ n: number }>(
          await app.context.db.execute(
            sql`select count(*)::int as n from pgboss.job where name = ${LINKS_PROCESS_JOB} and data->>'linkId' = ${linkId}`,
          ),
        )[0]!.n;
      const id = await shareLink(client, { visibility: 'private' });
      expect(await queued(id)).toBe(1);

      // A refused share stores nothing and queues nothing.
      const before = await app.context.db.select().from(links);
      const refused = await client.post('/api/links', {
        url: 'https://example.test/x',
        visibility: 'secret',
      });
      expect(refused.status).toBe(422);
      expect(await app.context.db.select().from(links)).toHaveLength(before.length);
    });

    it('answers the earlier shares of the same page that the member may see', async () => {
      const first = await memberWithClient(app);
      const hidden = await memberWithClient(app);
      const sharer = await memberWithClient(app);
      const page = `https://blog.example.test/post-${Date.now()}`;
      const published = await shareLink(first.client, {
        url: `${page}?utm_campaign=x`,
        visibility: 'published',
      });
      await shareLink(hidden.client, { url: `${page}/`, visibility: 'private' });

      const res = await sharer.client.post('/api/links', {
        url: page.replace('https://', 'https://www.'),
        visibility: 'public',
      });
      expect(res.status).toBe(201);
      expect(res.body.earlier_links.map((link: { id: string }) => link.id)).toEqual([published]);
      expect(res.body.earlier_links[0]).toMatchObject({ username: first.member.username, is_owner: false });
      expect(res.body.earlier_links[0].markdown_content).toBeNull();
    });

    it('limits how many links a member shares per hour (429 with Retry-After)', async () => {
      const limited = await createTestApp({
        rateLimits: true,
        config: { services: ['web'] },
      });
      try {
        const { client } = await memberWithClient(limited);
        for (let i = 0; i < 30; i++) {
          const ok = await client.post('/api/links', { url: uniqueUrl(), visibility: 'private' });
          expect(ok.status).toBe(201);
        }
        const refused = await client.post('/api/links', { url: uniqueUrl(), visibility: 'private' });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(refused.body).toEqual({ error: 'Too many requests. Please try again later.' });
      } finally {
        await limited.close();
      }
    });
  });

  describe('who sees what', () => {
    let owner: { member: { id: string }; client: TestClient };
    let follower: TestClient;
    let stranger: TestClient;
    const ids: Record<'private' | 'public' | 'published', string> = {
      private: '',
      public: '',
      published: '',
    };

    beforeAll(async () => {
      owner = await memberWithClient(app);
      follower = (await memberWithClient(app)).client;
      stranger = (await memberWithClient(app)).client;
      expect((await follower.post(`/api/profiles/${owner.member.id}/follow`)).status).toBe(200);
      for (const visibility of ['private', 'public', 'published'] as const) {
        ids[visibility] = await shareLink(owner.client, { visibility });
      }
    });

    /** Every route that reads or touches one link, and the status a viewer who may see it gets. */
    async function statuses(client: TestClient, linkId: string) {
      const comment = await owner.client.post(`/api/links/${linkId}/comments`, { content: 'Owner says hi' });
      expect(comment.status).toBe(201);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `/api/links/${linkId}`],
        ['GET', `/api/links/${linkId}/comments`],
        ['POST', `/api/links/${linkId}/comments`, { content: 'Hello' }],
        ['POST', `/api/links/${linkId}/like`],
        ['DELETE', `/api/links/${linkId}/like`],
        ['POST', `/api/links/${linkId}/comments/${comment.body.id}/like`],
        ['DELETE', `/api/links/${linkId}/comments/${comment.body.id}/like`],
        ['DELETE', `/api/links/${linkId}/comments/${comment.body.id}`],
        ['POST', `/api/links/${linkId}/retry`],
        ['DELETE', `/api/links/${linkId}`],
      ];
      const answers: Record<string, number> = {};
      for (const [method, path, body] of calls) {
        const res = await client.request<any>(method, path, body ?? (method === 'POST' ? {} : undefined));
        if (res.status === 404) expect(res.body).toEqual({ error: 'Not found.' });
        answers[`${method} ${path.replace(linkId, ':id').replace(comment.body.id, ':comment')}`] = res.status;
      }
      return answers;
    }

    const HIDDEN = {
      'GET /api/links/:id': 404,
      'GET /api/links/:id/comments': 404,
      'POST /api/links/:id/comments': 404,
      'POST /api/links/:id/like': 404,
      'DELETE /api/links/:id/like': 404,
      'POST /api/links/:id/comments/:comment/like': 404,
      'DELETE /api/links/:id/comments/:comment/like': 404,
      'DELETE /api/links/:id/comments/:comment': 404,
      'POST /api/links/:id/retry': 404,
      'DELETE /api/links/:id': 404,
    };
    const SEEN = {
      'GET /api/links/:id': 200,
      'GET /api/links/:id/comments': 200,
      'POST /api/links/:id/comments': 201,
      'POST /api/links/:id/like': 200,
      'DELETE /api/links/:id/like': 200,
      'POST /api/links/:id/comments/:comment/like': 200,
      'DELETE /api/links/:id/comments/:comment/like': 200,
      // Someone else's comment on someone else's link; retry and delete are the owner's.
      'DELETE /api/links/:id/comments/:comment': 403,
      'POST /api/links/:id/retry': 403,
      'DELETE /api/links/:id': 403,
    };

    it('private: the owner only; everyone else gets 404 on every route', async () => {
      expect(await statuses(follower, ids.private)).toEqual(HIDDEN);
      expect(await statuses(stranger, ids.private)).toEqual(HIDDEN);
      expect((await owner.client.get(`/api/links/${ids.private}`)).status).toBe(200);
    });

    it("public: the owner's followers; other members get 404", async () => {
      expect(await statuses(follower, ids.public)).toEqual(SEEN);
      expect(await statuses(stranger, ids.public)).toEqual(HIDDEN);
    });

    it('published: every member', async () => {
      expect(await statuses(follower, ids.published)).toEqual(SEEN);
      expect(await statuses(stranger, ids.published)).toEqual(SEEN);
    });

    it('the timeline holds exactly the links each member may see, newest first', async () => {
      const ofOwner = (list: Array<{ id: string; profile_id: string }>) =>
        list.filter((link) => link.profile_id === owner.member.id).map((link) => link.id);
      expect(ofOwner((await owner.client.get('/api/links')).body)).toEqual([
        ids.published,
        ids.public,
        ids.private,
      ]);
      expect(ofOwner((await follower.get('/api/links')).body)).toEqual([ids.published, ids.public]);
      expect(ofOwner((await stranger.get('/api/links')).body)).toEqual([ids.published]);
    });

    it('answers 404 for a link that does not exist, and 422 for an id that is not one', async () => {
      expect((await owner.client.get('/api/links/6f1f1a52-8c7f-4a53-9d64-0d1f3a2b9c10')).status).toBe(404);
      const bad = await owner.client.get('/api/links/not-an-id');
      expect(bad.status).toBe(422);
      expect(bad.body.errors.id).toBeDefined();
    });
  });

  describe('GET /api/links', () => {
    it('pages with a keyset cursor and the same headers as the posts timeline', async () => {
      const { client } = await memberWithClient(app);
      // Private links of a fresh member: only they see them, so the timeline's head is theirs.
      const mine: string[] = [];
      for (let i = 0; i < 5; i++) mine.unshift(await shareLink(client, { visibility: 'private' }));
      const pages = await allPages(client, 2);
      const ids = pages.flat();
      expect(ids.slice(0, 5)).toEqual(mine);
      expect(new Set(ids).size).toBe(ids.length);
      expect(pages[0]).toHaveLength(2);
      expect(pages.length).toBeGreaterThanOrEqual(3);

      const bad = await client.get('/api/links?after=garbage');
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual({ errors: { after: ['is invalid'] } });
      expect((await app.client().get('/api/links')).status).toBe(401);
    });
  });

  describe('comments and likes', () => {
    it('trims comments, requires content, lists them oldest first with their likes', async () => {
      const owner = await memberWithClient(app);
      const reader = await memberWithClient(app);
      const linkId = await shareLink(owner.client);

      for (const content of ['', '   \n ']) {
        const blank = await reader.client.post(`/api/links/${linkId}/comments`, { content });
        expect(blank.status).toBe(422);
        expect(blank.body).toEqual({ errors: { content: ['Comment content is required'] } });
      }
      const missing = await reader.client.post(`/api/links/${linkId}/comments`, {});
      expect(missing.body).toEqual({ errors: { content: ['Comment content is required'] } });
      const tooLong = await reader.client.post(`/api/links/${linkId}/comments`, {
        content: 'x'.repeat(10_001),
      });
      expect(tooLong.status).toBe(422);

      const first = await reader.client.post(`/api/links/${linkId}/comments`, {
        content: '  Worth reading  ',
      });
      expect(first.status).toBe(201);
      expect(Object.keys(first.body).sort()).toEqual(COMMENT_FIELDS);
      expect(first.body).toMatchObject({
        link_id: linkId,
        content: 'Worth reading',
        username: reader.member.username,
        is_owner: true,
        can_delete: true,
        likes_count: 0,
        liked_by_current_user: false,
      });
      const second = await owner.client.post(`/api/links/${linkId}/comments`, { content: 'Thanks' });

      expect((await owner.client.post(`/api/links/${linkId}/comments/${first.body.id}/like`)).body).toEqual({
        liked: true,
        likes_count: 1,
      });
      // Liking twice keeps one like.
      expect((await owner.client.post(`/api/links/${linkId}/comments/${first.body.id}/like`)).body).toEqual({
        liked: true,
        likes_count: 1,
      });

      const asOwner = await owner.client.get(`/api/links/${linkId}/comments`);
      expect(asOwner.body.map((c: { id: string }) => c.id)).toEqual([first.body.id, second.body.id]);
      expect(asOwner.body[0]).toMatchObject({ liked_by_current_user: true, likes_count: 1, is_owner: false });
      // The link's owner may remove any comment on it; so the menu offers it.
      expect(asOwner.body[0].can_delete).toBe(true);
      const asReader = await reader.client.get(`/api/links/${linkId}/comments`);
      expect(asReader.body[1]).toMatchObject({
        is_owner: false,
        can_delete: false,
        liked_by_current_user: false,
      });

      expect((await owner.client.delete(`/api/links/${linkId}/comments/${first.body.id}/like`)).body).toEqual(
        {
          liked: false,
          likes_count: 0,
        },
      );
      expect((await owner.client.get(`/api/links/${linkId}`)).body.comments_count).toBe(2);
    });

    it('finds a comment only under its own link', async () => {
      const { client } = await memberWithClient(app);
      const one = await shareLink(client);
      const other = await shareLink(client);
      const comment = await client.post(`/api/links/${one}/comments`, { content: 'Here' });
      expect((await client.post(`/api/links/${other}/comments/${comment.body.id}/like`)).status).toBe(404);
      expect((await client.delete(`/api/links/${other}/comments/${comment.body.id}`)).status).toBe(404);
      expect((await client.post(`/api/links/${one}/comments/${comment.body.id}/like`)).status).toBe(200);
    });

    it('lets the author and the link owner delete a comment, nobody else', async () => {
      const owner = await memberWithClient(app);
      const author = await memberWithClient(app);
      const other = await memberWithClient(app);
      const linkId = await shareLink(owner.client);
      const a = await author.client.post(`/api/links/${linkId}/comments`, { content: 'One' });
      const b = await author.client.post(`/api/links/${linkId}/comments`, { content: 'Two' });

      expect((await other.client.delete(`/api/links/${linkId}/comments/${a.body.id}`)).status).toBe(403);
      expect((await author.client.delete(`/api/links/${linkId}/comments/${a.body.id}`)).body).toEqual({
        id: a.body.id,
        deleted: true,
      });
      expect((await owner.client.delete(`/api/links/${linkId}/comments/${b.body.id}`)).status).toBe(200);
      expect((await owner.client.get(`/api/links/${linkId}/comments`)).body).toEqual([]);
    });

    it('likes a link idempotently and shows it in the link and the timeline', async () => {
      const owner = await memberWithClient(app);
      const fan = await memberWithClient(app);
      const linkId = await shareLink(owner.client);
      expect((await fan.client.post(`/api/links/${linkId}/like`)).body).toEqual({
        liked: true,
        likes_count: 1,
      });
      expect((await fan.client.post(`/api/links/${linkId}/like`)).body).toEqual({
        liked: true,
        likes_count: 1,
      });
      expect((await owner.client.post(`/api/links/${linkId}/like`)).body).toEqual({
        liked: true,
        likes_count: 2,
      });

      const seen = await fan.client.get(`/api/links/${linkId}`);
      expect(seen.body).toMatchObject({ liked_by_current_user: true, likes_count: 2, is_owner: false });
      const listed = (await fan.client.get('/api/links')).body.find((l: { id: string }) => l.id === linkId);
      expect(listed).toMatchObject({ liked_by_current_user: true, likes_count: 2 });

      expect((await fan.client.delete(`/api/links/${linkId}/like`)).body).toEqual({
        liked: false,
        likes_count: 1,
      });
      expect((await fan.client.delete(`/api/links/${linkId}/like`)).body).toEqual({
        liked: false,
        likes_count: 1,
      });
    });
  });

  describe('retry and delete', () => {
    it('lets the owner retry only a failed link', async () => {
      const { client } = await memberWithClient(app);
      const linkId = await shareLink(client);
      const pending = await client.post(`/api/links/${linkId}/retry`);
      expect(pending.status).toBe(422);
      expect(pending.body).toEqual({
        errors: { status: ['only a link whose reading failed can be retried'] },
      });

      await app.context.db
        .update(links)
        .set({ status: 'failed', step: 'fetch', error: 'The page did not answer in time.' })
        .where(eq(links.id, linkId));
      const failed = await client.get(`/api/links/${linkId}`);
      expect(failed.body).toMatchObject({
        status: 'failed',
        step: 'fetch',
        error: 'The page did not answer in time.',
        retryable: true,
        can_retry: true,
      });

      const retried = await client.post(`/api/links/${linkId}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body.id).toBe(linkId);
      expect(retried.body.status).not.toBe('failed');
      expect(retried.body.can_retry).toBe(false);
    });

    it('offers no retry where another try cannot help (a 404, a refused address), and refuses one', async () => {
      const { client } = await memberWithClient(app);
      const linkId = await shareLink(client);
      await app.context.db
        .update(links)
        .set({
          status: 'failed',
          step: 'fetch',
          error: 'The page could not be loaded (the site answered 404)',
          errorRetryable: false,
        })
        .where(eq(links.id, linkId));
      const failed = await client.get(`/api/links/${linkId}`);
      expect(failed.body).toMatchObject({ status: 'failed', retryable: false, can_retry: false });

      const refused = await client.post(`/api/links/${linkId}/retry`);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        errors: {
          status: ['this link cannot be read by trying again: share it anew once the page is fixed'],
        },
      });
      expect((await client.get(`/api/links/${linkId}`)).body.status).toBe('failed');
    });

    it('lets the owner delete a link, with its comments', async () => {
      const owner = await memberWithClient(app);
      const reader = await memberWithClient(app);
      const linkId = await shareLink(owner.client);
      await reader.client.post(`/api/links/${linkId}/comments`, { content: 'Hi' });
      expect((await reader.client.delete(`/api/links/${linkId}`)).status).toBe(403);
      expect((await owner.client.delete(`/api/links/${linkId}`)).body).toEqual({ id: linkId, deleted: true });
      expect((await owner.client.get(`/api/links/${linkId}`)).status).toBe(404);
      expect((await reader.client.get(`/api/links/${linkId}/comments`)).status).toBe(404);
    });
  });
});
