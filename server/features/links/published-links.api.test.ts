import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links } from '../../db/schema';
import { encodeCursor } from '../../http/pagination';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember, memberWithClient, type Member } from '../../../tests/support/factories';
import { fetchBytes } from '../../../tests/support/file-factories';
import { walkPages } from '../../../tests/support/public-post-factories';
import type { TestClient } from '../../../tests/support/test-client';
import { FIXTURE_PAGES, readFixture } from './pipeline/fixtures/fixture-server';

/** What a visitor sees of a link: the link's own fields, never the viewer's facts or abilities. */
const PUBLISHED_FIELDS = [
  'id',
  'url',
  'title',
  'comment',
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
  'likes_count',
  'comments_count',
  'safety_verdict',
  'safety_reasons',
  'lead_image_url',
  'site_name',
  'language',
].sort();

/** A local site: the bees article (its og:image is /images/rooftop-hives.jpg) and that image. */
let site: http.Server;
let siteOrigin: string;
let app: TestApp;
let sharer: Member;
let sharerClient: TestClient;
let counter = 0;

beforeAll(async () => {
  const article = readFixture(FIXTURE_PAGES.bees);
  const hive = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#e8b04a' } })
    .jpeg()
    .toBuffer();
  site = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    if (path === '/bees')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
    else if (path === '/images/rooftop-hives.jpg')
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(hive);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
  app = await createTestApp({
    config: { links: { fetchAllowLoopback: true, llm: null, safeBrowsing: null } },
  });
  ({ member: sharer, client: sharerClient } = await memberWithClient(app));
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => site.close(resolve));
});

/** Shares the bees article through the API and waits for the pipeline to read it. */
async function shareAndRead(visibility: 'private' | 'public' | 'published', client = sharerClient) {
  const res = await client.post('/api/links', {
    url: `${siteOrigin}/bees?copy=${counter++}`,
    comment: 'Worth a read',
    visibility,
  });
  expect(res.status).toBe(201);
  const id: string = res.body.id;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await app.context.db.select().from(links).where(eq(links.id, id));
    if (row!.status === 'ready') return row!;
    if (row!.status === 'failed' || Date.now() > deadline)
      throw new Error(`link ${id}: ${row!.status} ${row!.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A link row written directly (no fetch), `ready` unless told otherwise. */
async function insertLink(owner: Member, values: Partial<typeof links.$inferInsert> = {}) {
  const url = `https://news.example.test/story-${counter++}`;
  const [row] = await app.context.db
    .insert(links)
    .values({
      userId: owner.id,
      url,
      normalizedUrl: url,
      domain: 'news.example.test',
      visibility: 'published',
      status: 'ready',
      title: `Story ${counter}`,
      sentenceSummary: 'One sentence.',
      paragraphSummary: 'A few sentences.',
      markdownContent: '# Story',
      safetyVerdict: 'safe',
      safetyReasons: [],
      createdAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

describe('GET /api/published_links/{id}', () => {
  it('shows a visitor a published link once read, with Hearth’s copy of its lead image', async () => {
    const link = await shareAndRead('published');
    expect(link.leadImageKey).toBe(`${link.id}.lead`);
    const visitor = app.client();
    const res = await visitor.get(`/api/published_links/${link.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(PUBLISHED_FIELDS);
    expect(res.body).toMatchObject({
      id: link.id,
      title: "Rooftop hives are changing how London's bees live",
      comment: 'Worth a read',
      username: sharer.username,
      safety_verdict: expect.any(String),
      lead_image_url: `/api/published_links/${link.id}/lead_image`,
    });
    expect(res.body.sentence_summary).toEqual(expect.any(String));
    expect(res.body.markdown_content).toContain('bees');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');

    const image = await fetchBytes(visitor, res.body.lead_image_url);
    expect(image.response.status).toBe(200);
    expect(image.response.headers.get('content-type')).toBe('image/webp');
    expect(image.response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(image.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 450 });

    // Members see the same copy at their own address.
    const member = await sharerClient.get(`/api/links/${link.id}`);
    expect(member.body.lead_image_url).toBe(`/api/links/${link.id}/lead_image`);
    expect((await fetchBytes(sharerClient, member.body.lead_image_url)).response.status).toBe(200);
  });

  it('is a 404 in the error shape for private, public, unread and unknown links', async () => {
    const visitor = app.client();
    const hidden = [
      await insertLink(sharer, { visibility: 'private' }),
      await insertLink(sharer, { visibility: 'public' }),
      await insertLink(sharer, { status: 'processing', sentenceSummary: null }),
      await insertLink(sharer, { status: 'failed' }),
    ];
    const shown = await insertLink(sharer);
    expect((await visitor.get(`/api/published_links/${shown.id}`)).status).toBe(200);
    for (const id of [...hidden.map((row) => row.id), randomUUID()]) {
      const res = await visitor.get(`/api/published_links/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await visitor.get('/api/published_links/not-a-uuid')).status).toBe(422);
  });

  it('serves a private link’s image to its owner only: 404 to another member and to a visitor', async () => {
    const link = await shareAndRead('private');
    expect(link.leadImageKey).not.toBeNull();
    const owner = await fetchBytes(sharerClient, `/api/links/${link.id}/lead_image`);
    expect(owner.response.status).toBe(200);
    expect(owner.response.headers.get('cache-control')).toBe('private, max-age=3600');

    const { client: other } = await memberWithClient(app);
    expect((await fetchBytes(other, `/api/links/${link.id}/lead_image`)).response.status).toBe(404);
    const visitor = app.client();
    expect((await fetchBytes(visitor, `/api/published_links/${link.id}/lead_image`)).response.status).toBe(
      404,
    );
    expect((await fetchBytes(visitor, `/api/links/${link.id}/lead_image`)).response.status).toBe(401);
  });

  it('removes the stored image with its link', async () => {
    const link = await shareAndRead('published');
    expect(await app.context.storage.head(link.leadImageKey!)).not.toBeNull();
    expect((await sharerClient.delete(`/api/links/${link.id}`)).status).toBe(200);
    expect(await app.context.storage.head(link.leadImageKey!)).toBeNull();
    expect(
      (await fetchBytes(app.client(), `/api/published_links/${link.id}/lead_image`)).response.status,
    ).toBe(404);
  });
});

describe('GET /api/published_links', () => {
  it('pages through published, read links only, newest first, whatever the cursor names', async () => {
    const owner = await createMember(app);
    const t = Date.now() + 60_000;
    const at = (seconds: number) => new Date(t + seconds * 1000);
    const published = [
      await insertLink(owner, { createdAt: at(1) }),
      await insertLink(owner, { createdAt: at(3) }),
      await insertLink(owner, { createdAt: at(5) }),
    ];
    const privateLink = await insertLink(owner, { visibility: 'private', createdAt: at(4) });
    await insertLink(owner, { visibility: 'public', createdAt: at(2) });
    await insertLink(owner, { status: 'pending', createdAt: at(6) });

    const visitor = app.client();
    const pages = await walkPages(visitor, '/api/published_links?limit=1');
    const ids = pages.flatMap((page) => page.items.map((item: { id: string }) => item.id));
    // The newest three are this test's; earlier tests' published links follow.
    expect(ids.slice(0, 3)).toEqual([published[2]!.id, published[1]!.id, published[0]!.id]);
    expect(ids).not.toContain(privateLink.id);
    expect(pages[0]!.hasNext).toBe('true');
    expect(pages.at(-1)!.hasNext).toBe('false');
    for (const item of pages.flatMap((page) => page.items)) {
      expect(Object.keys(item).sort()).toEqual(PUBLISHED_FIELDS);
      // Lists never carry whole pages.
      expect(item.markdown_content).toBeNull();
    }

    // A cursor made from a private link only moves the keyset: what follows is still published only.
    const crafted = encodeCursor({ createdAt: privateLink.createdAt, id: privateLink.id });
    const after = await visitor.get(`/api/published_links?limit=2&after=${crafted}`);
    expect(after.status).toBe(200);
    expect(after.body.map((item: { id: string }) => item.id)).toEqual([published[1]!.id, published[0]!.id]);

    expect((await visitor.get('/api/published_links?after=garbage')).status).toBe(422);
  });
});

describe('published links throttling', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: true, config: { publishedRateLimit: 2, trustProxy: 1 } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After once a client IP passes PUBLISHED_RATE_LIMIT', async () => {
    const visitor = limited.client();
    const from = { headers: { 'x-forwarded-for': '203.0.113.77' } };
    const statuses: number[] = [];
    let refused: Headers | null = null;
    for (let i = 0; i < 5 && !refused; i++) {
      const res = await visitor.get('/api/published_links', from);
      statuses.push(res.status);
      if (res.status === 429) refused = res.headers;
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(refused).not.toBeNull();
    expect(Number(refused!.get('retry-after'))).toBeGreaterThan(0);
  });
});
