import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../context';
import { links } from '../db/schema';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { memberWithClient, type Member } from '../../tests/support/factories';
import { jpeg, png, uploadAccepted } from '../../tests/support/file-factories';
import { publishAs } from '../../tests/support/public-post-factories';
import { createGroupAs } from '../../tests/support/social-factories';
import type { TestClient } from '../../tests/support/test-client';

/** The longest anyone may keep what a member published (issue 25, item 4). */
const LONGEST_SECONDS = 60;

/**
 * How long a Cache-Control value lets a shared cache (first) and a browser (second) answer without
 * asking Hearth again, stale-while-revalidate and stale-if-error included. No lifetime at all
 * would let a cache choose its own (RFC 9111 heuristic freshness): counted as for ever.
 */
function lifetimes(header: string | undefined): { shared: number; browser: number } {
  const directives = new Map<string, number | true>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, value] = part.trim().split('=');
    if (name) directives.set(name, value === undefined ? true : Number(value.replace(/"/g, '')));
  }
  const seconds = (name: string) => {
    const value = directives.get(name);
    return typeof value === 'number' ? value : undefined;
  };
  const stale = (seconds('stale-while-revalidate') ?? 0) + (seconds('stale-if-error') ?? 0);
  if (directives.has('no-store') || directives.has('no-cache')) return { shared: 0, browser: 0 };
  const browser = (seconds('max-age') ?? Infinity) + stale;
  if (directives.has('private')) return { shared: 0, browser };
  return { shared: (seconds('s-maxage') ?? seconds('max-age') ?? Infinity) + stale, browser };
}

const INDEX_HTML = '<!doctype html><html><head><title>Hearth</title></head><body>app</body></html>';

/**
 * Withdrawing is final within a minute: every public answer that carries a member's content may be
 * kept by browsers and shared caches (a CDN) for at most 60 seconds, and once a post is
 * unpublished Hearth itself, read cache included, answers 404 at once.
 */
describe('shared caches and unpublishing', () => {
  let app: TestApp;
  let web: App;
  let webDist: string;
  let author: { member: Member; client: TestClient };

  beforeAll(async () => {
    app = await createTestApp();
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    web = await buildApp(app.context, { serveWeb: true, webDist });
    await web.ready();
    author = await memberWithClient(app);
  });
  afterAll(async () => {
    await web.close();
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => web.inject({ method: 'GET', url });

  /** A post in a group with an image, published; and the author's avatar. */
  async function publishedWithImage() {
    const group = await createGroupAs(author.client);
    const file = await uploadAccepted(app, author.client, { bytes: await jpeg() });
    const created = await author.client.post('/api/posts', {
      post: { tldr: 'Harvest photos', content: '', file_request_id: file.id, group_id: group.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const publication = await publishAs(author.client, created.body.id);
    return { group, file, postId: created.body.id as string, publication };
  }

  /** A published, read link with a lead image in the store (no fetch: the pipeline is not under test). */
  async function publishedLinkWithImage() {
    const url = `https://news.example.test/story-${Date.now()}`;
    const [row] = await app.context.db
      .insert(links)
      .values({
        userId: author.member.id,
        url,
        normalizedUrl: url,
        domain: 'news.example.test',
        visibility: 'published',
        status: 'ready',
        title: 'Story',
        sentenceSummary: 'One sentence.',
        paragraphSummary: 'A few sentences.',
        markdownContent: '# Story',
        safetyVerdict: 'safe',
        safetyReasons: [],
        createdAt: new Date(),
      })
      .returning();
    const key = `${row!.id}.lead`;
    await app.context.storage.write(key, await png(), 'image/webp');
    await app.context.db.update(links).set({ leadImageKey: key }).where(eq(links.id, row!.id));
    return row!.id;
  }

  it('parses lifetimes the way a cache would', () => {
    expect(lifetimes('public, max-age=60')).toEqual({ shared: 60, browser: 60 });
    expect(lifetimes('public, max-age=60, stale-while-revalidate=300')).toEqual({
      shared: 360,
      browser: 360,
    });
    expect(lifetimes('public, max-age=300')).toEqual({ shared: 300, browser: 300 });
    expect(lifetimes('public, max-age=10, s-maxage=3600')).toEqual({ shared: 3600, browser: 10 });
    expect(lifetimes('private, max-age=3600')).toEqual({ shared: 0, browser: 3600 });
    expect(lifetimes('no-cache')).toEqual({ shared: 0, browser: 0 });
    expect(lifetimes(undefined).shared).toBe(Infinity);
  });

  it('lets no cache keep a public answer with member content for more than 60 seconds', async () => {
    const { group, file, postId, publication } = await publishedWithImage();
    const avatar = await uploadAccepted(app, author.client, { file_type: 'profile', bytes: await png() });
    const linkId = await publishedLinkWithImage();

    const urls = [
      '/api/published_posts',
      '/api/published_posts?limit=1',
      `/api/published_posts/${publication.slug}`,
      `/api/published_posts/${postId}`,
      `/api/explore/groups/${group.id}`,
      `/api/explore/profiles/${author.member.id}`,
      '/api/published_links',
      `/api/published_links/${linkId}`,
      `/api/published_links/${linkId}/lead_image`,
      file.url,
      file.thumbnail_url!,
      avatar.url,
      '/explore/feed.atom',
      '/',
      '/feed',
      '/explore',
      `/explore/post/${publication.slug}`,
      `/explore/link/${linkId}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const { shared, browser } = lifetimes(res.headers['cache-control'] as string | undefined);
      expect(shared, `${url}: ${res.headers['cache-control']}`).toBeLessThanOrEqual(LONGEST_SECONDS);
      expect(browser, `${url}: ${res.headers['cache-control']}`).toBeLessThanOrEqual(LONGEST_SECONDS);
    }

    // A file asked for again with its ETag is a 304: revalidating after the minute costs no bytes.
    const first = await get(file.url);
    const again = await web.inject({
      url: file.url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 everywhere on the very next request once a post is unpublished, read cache included', async () => {
    const { file, postId, publication } = await publishedWithImage();
    const list = '/api/published_posts?limit=5';
    // The key the public list route keeps that page under (public-posts.routes.ts).
    const listKey = `published:${JSON.stringify({ cursor: null, limit: 5 })}`;
    const cache = app.context.database.publicReadCache;
    // Whether the page is kept: a kept answer is served without calling `load`.
    const isKept = async () => (await cache.read(listKey, async () => undefined)) !== undefined;
    // Positive control: the list is served from the read cache before the withdrawal (a read is
    // not kept while a write is in flight, such as the upload's jobs: tried until they are done).
    await expect
      .poll(
        async () => {
          expect((await get(list)).json<{ id: string }[]>().map((post) => post.id)).toContain(postId);
          return isKept();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    const visible = [
      `/api/published_posts/${publication.slug}`,
      `/api/published_posts/${postId}`,
      `/explore/post/${publication.slug}`,
      file.url,
      file.thumbnail_url!,
    ];
    for (const url of visible) expect((await get(url)).statusCode, url).toBe(200);
    expect((await get('/explore/feed.atom')).body).toContain(publication.slug);

    expect((await author.client.delete(`/api/public_posts/${publication.id}`)).status).toBe(200);

    for (const url of visible) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(lifetimes(res.headers['cache-control'] as string | undefined).shared, url).toBe(0);
    }
    expect((await get(list)).json<{ id: string }[]>().map((post) => post.id)).not.toContain(postId);
    expect((await get('/explore/feed.atom')).body).not.toContain(publication.slug);
  });
});
