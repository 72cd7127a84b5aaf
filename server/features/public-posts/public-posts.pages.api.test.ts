import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../context';
import { files, posts } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient, type Member } from '../../../tests/support/factories';
import { createPostAs } from '../../../tests/support/social-factories';
import { publishAs, uniqueSlug } from '../../../tests/support/public-post-factories';
import type { TestClient } from '../../../tests/support/test-client';

/** A stand-in for the built web app: what `vite build` writes to dist/web. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Hearth: an invite-only place for your community." />
    <title>Hearth</title>
    <script type="module" src="/assets/app.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const HOSTILE_TITLE = `"><script>alert(1)</script> $& $' </title>`;

/** Attaches an image to a post directly (the upload flow is the files feature's to test). */
async function attachImage(app: TestApp, member: Member, postId: string) {
  const [file] = await app.context.db
    .insert(files)
    .values({
      userId: member.id,
      name: 'sunset <1>.jpg',
      fileType: 'post_attachment',
      status: 'uploaded',
      storageKey: `test/${randomUUID()}`,
      contentType: 'image/jpeg',
      fileSize: 1234,
    })
    .returning({ id: files.id });
  await app.context.db.update(posts).set({ fileId: file!.id }).where(eq(posts.id, postId));
  return file!.id;
}

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)" />`).exec(html)?.[1];

/** The public pages (server half of the SPA fallback): meta for link previews, search engines. */
describe('public pages', () => {
  let app: TestApp;
  let web: App;
  let webDist: string;
  let author: { member: Member; client: TestClient };

  beforeAll(async () => {
    app = await createTestApp({ config: { contactEmail: 'privacy@example.org' } });
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
    web = await buildApp(app.context, { serveWeb: true, webDist });
    await web.ready();
    author = await memberWithClient(app, { firstName: 'Ada', lastName: 'Lovelace' });
  });
  afterAll(async () => {
    await web.close();
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => web.inject({ method, url });

  it('gives a published post’s page its title, description, canonical address and Open Graph tags', async () => {
    const post = await createPostAs(author.client, {
      tldr: 'Bread at home',
      content:
        '# Sourdough\n\nMix **flour** and _water_; see [the guide](https://example.org/guide).\n\n- wait\n- bake',
    });
    const { slug, public_url: publicUrl, created_at: publishedAt } = await publishAs(author.client, post.id);
    const res = await page(`/explore/post/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Bread at home · Hearth</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')).toBe(
      'Sourdough Mix flour and water; see the guide. wait bake',
    );
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}" />`);
    expect(publicUrl).toBe(`http://hearth.test/explore/post/${slug}`);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:title')).toBe('Bread at home');
    expect(metaContent(html, 'property', 'og:url')).toBe(publicUrl);
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Hearth');
    expect(metaContent(html, 'property', 'og:description')).toBe(metaContent(html, 'name', 'description'));
    expect(metaContent(html, 'property', 'article:published_time')).toBe(publishedAt);
    expect(metaContent(html, 'property', 'og:image')).toBeUndefined();
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    expect(html).toContain('href="/explore/feed.atom"');
    expect(html).not.toContain('noindex');
    // The rest of the page is untouched: the app still boots, the operator's meta is still there.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).toContain('<meta name="hearth-contact-email" content="privacy@example.org" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));

    // By post id too, with the slug's address as the canonical one.
    const byId = await page(`/explore/post/${post.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.body).toContain(`<link rel="canonical" href="${publicUrl}" />`);
    expect((await page(`/explore/post/${slug}`, 'HEAD')).statusCode).toBe(200);
  });

  it('announces an attached image as an absolute og:image with a large Twitter card', async () => {
    const post = await createPostAs(author.client, { tldr: 'Sunset', content: '' });
    const fileId = await attachImage(app, author.member, post.id);
    const { slug } = await publishAs(author.client, post.id);
    const html = (await page(`/explore/post/${slug}`)).body;
    expect(metaContent(html, 'property', 'og:image')).toBe(`http://hearth.test/api/files/${fileId}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`http://hearth.test/api/files/${fileId}`);
    // No text: the description still says something.
    expect(metaContent(html, 'name', 'description')).toBe('Sunset, by Ada Lovelace on Hearth');
  });

  it('keeps member input inert: a title that closes the tag stays text', async () => {
    const post = await createPostAs(author.client, {
      tldr: HOSTILE_TITLE,
      content: `<img src=x onerror=alert(1)>Hello "there" & <b>bye</b> ${'word '.repeat(80)}`,
    });
    const { slug } = await publishAs(author.client, post.id);
    const html = (await page(`/explore/post/${slug}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('"><script');
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#39; &lt;/title&gt; · Hearth</title>',
    );
    const description = metaContent(html, 'name', 'description')!;
    expect(description.startsWith('Hello &quot;there&quot; &amp; bye word')).toBe(true);
    expect(Array.from(description.replace(/&[a-z]+;/g, '_')).length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
  });

  it('answers 404 with noindex for a post that is not published, and still serves the app', async () => {
    const draft = await createPostAs(author.client);
    const gone = await createPostAs(author.client);
    const publication = await publishAs(author.client, gone.id);
    await author.client.delete(`/api/public_posts/${publication.id}`);
    for (const key of [
      draft.id,
      publication.slug,
      uniqueSlug('missing'),
      randomUUID(),
      'Not A Slug',
      'a%00b',
    ]) {
      const res = await page(`/explore/post/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('rel="canonical"');
    }
  });

  it('gives /, /feed and /explore the site’s meta and the feed link, cacheable by anyone', async () => {
    for (const [url, title] of [
      ['/', 'Hearth'],
      ['/feed', 'Feed · Hearth'],
      ['/explore', 'Published posts · Hearth'],
      ['/explore/group/123', 'Hearth'],
      ['/?ref=home', 'Hearth'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=60');
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain(
        '<link rel="alternate" type="application/atom+xml" title="Hearth: published posts" href="/explore/feed.atom" />',
      );
      expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
      expect(metaContent(res.body, 'property', 'og:type')).toBe('website');
    }
    expect((await page('/explore')).body).toContain(
      '<link rel="canonical" href="http://hearth.test/explore" />',
    );
  });

  it('serves the app with 429 and Retry-After to a visitor over the public read limit', async () => {
    const { slug } = await publishAs(author.client, (await createPostAs(author.client)).id);
    const original = app.context.throttle.hit;
    app.context.throttle.hit = async (name, subject) => {
      if (name === 'publishedIp') throw tooManyRequests(30);
      return original(name, subject);
    };
    try {
      const res = await page(`/explore/post/${slug}`);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    } finally {
      app.context.throttle.hit = original;
    }
    expect((await page(`/explore/post/${slug}`)).statusCode).toBe(200);
  });

  it('leaves member pages, assets and the API as they were', async () => {
    const dashboard = await page('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(dashboard.body).toContain('<title>Hearth</title>');
    expect(dashboard.body).not.toContain('og:title');
    expect((await page('/assets/app.js')).body).toBe('console.log("app")');
    const api = await page('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: expect.any(String) });
  });
});
