import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../context';
import { links } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createMember, type Member } from '../../../tests/support/factories';

/** A stand-in for the built web app: what `vite build` writes to dist/web. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Hearth: an invite-only place for your community." />
    <title>Hearth</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)" />`).exec(html)?.[1];

/** /explore/link/{id} and /explore/links: the server writes the page's meta before any script runs. */
describe('published link pages', () => {
  let app: TestApp;
  let web: App;
  let webDist: string;
  let owner: Member;
  let counter = 0;

  beforeAll(async () => {
    app = await createTestApp();
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    web = await buildApp(app.context, { serveWeb: true, webDist });
    await web.ready();
    owner = await createMember(app, { firstName: 'Ada', lastName: 'Lovelace' });
  });
  afterAll(async () => {
    await web.close();
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  async function insertLink(values: Partial<typeof links.$inferInsert> = {}) {
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
        title: 'Hedgerows and birds',
        sentenceSummary: 'Old hedges shelter many nesting birds.',
        paragraphSummary: 'A few sentences.',
        markdownContent: '# Hedgerows',
        safetyVerdict: 'safe',
        safetyReasons: [],
        ...values,
      })
      .returning();
    return row!;
  }

  const page = (url: string) => web.inject({ method: 'GET', url });

  it('gives a published link’s page its title, summary, canonical address and lead image', async () => {
    const link = await insertLink();
    await app.context.db
      .update(links)
      .set({ leadImageKey: `${link.id}.lead` })
      .where(eq(links.id, link.id));
    const res = await page(`/explore/link/${link.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const html = res.body;
    expect(html).toContain('<title>Hedgerows and birds · Hearth</title>');
    expect(metaContent(html, 'name', 'description')).toBe('Old hedges shelter many nesting birds.');
    expect(html).toContain(`<link rel="canonical" href="http://hearth.test/explore/link/${link.id}" />`);
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `http://hearth.test/api/published_links/${link.id}/lead_image`,
    );
  });

  it('escapes a hostile title, and repeats no words of an unsafe page', async () => {
    const link = await insertLink({
      title: '"><script>alert(1)</script>',
      safetyVerdict: 'unsafe',
      sentenceSummary: 'Enter your bank password here',
    });
    const html = (await page(`/explore/link/${link.id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('bank password');
    expect(metaContent(html, 'name', 'description')).toContain('shared by Ada Lovelace on Hearth');
  });

  it('answers 404 with noindex for a private, an unread or an unknown link, and for a malformed id', async () => {
    const hidden = [await insertLink({ visibility: 'private' }), await insertLink({ status: 'processing' })];
    for (const id of [...hidden.map((row) => row.id), '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await page(`/explore/link/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('<title>Link not found · Hearth</title>');
      expect(metaContent(res.body, 'name', 'robots')).toBe('noindex');
      expect(res.body).not.toContain('Hedgerows and birds');
    }
  });

  it('names /explore/links in its title and canonical address', async () => {
    const res = await page('/explore/links');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Published links · Hearth</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://hearth.test/explore/links" />');
  });
});
