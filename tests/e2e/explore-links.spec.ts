import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { host, newMember, signInPage } from './support/members';

/**
 * A published link reaches signed-out visitors: a member shares a page (served by a local server,
 * with a lead image; the e2e server may fetch from loopback), a visitor opens /explore/links, sees
 * the card with Hearth's copy of the image, opens it and reads the summary.
 */

const TITLE = 'Why hedgerows matter to farmland birds';
const ARTICLE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${TITLE}</title>
<meta property="og:site_name" content="Field Notes">
<meta property="og:image" content="/images/hedgerow.jpg"></head>
<body>
<article>
<h1>${TITLE}</h1>
<p>Hedgerows are the oldest living structures in many farming landscapes, and they shelter far more
life than their narrow shape suggests. A single kilometre of old hedge can hold dozens of nesting
pairs of birds through the spring.</p>
<p>Birds such as the yellowhammer and the linnet nest low in dense thorn, where predators struggle to
reach the eggs. The berries of hawthorn and blackthorn feed thrushes through the hard months of winter.</p>
<p>Cutting hedges every year in late summer removes the flowers and the fruit that insects and birds
depend on. Farmers who trim on a three-year rotation see more berries, more insects and more birds.</p>
<p>Hedges also link woods together, so that small mammals and birds can move between them without
crossing open fields, where hawks hunt by day and owls by night.</p>
<p>Planting new hedges with a mix of native shrubs is one of the cheapest ways to bring birds back to
farmland, and the results can be seen within a few seasons.</p>
</article>
</body>
</html>`;

let server: http.Server;
let articleUrl: string;

test.beforeAll(async () => {
  await host();
  const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#6b8e23' } })
    .jpeg()
    .toBuffer();
  server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    if (path === '/hedgerows') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    } else if (path === '/images/hedgerow.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  articleUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hedgerows`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a member publishes a link; a visitor finds it on /explore/links with its image and reads the summary', async ({
  page,
  browser,
}) => {
  const sharer = await newMember('publisher');
  await signInPage(page, sharer);
  await page.goto('/links/new');
  await page.getByLabel('URL').fill(articleUrl);
  await page.getByLabel('Comment').fill('Good news for the yellowhammers.');
  await page.getByLabel('Visibility').selectOption('published');
  await page.getByRole('button', { name: 'Add Link' }).click();
  await expect(page).toHaveURL(/\/links\/[0-9a-f-]{36}$/);
  const linkId = page.url().split('/').at(-1)!;
  // Live, or by the page's fallback poll (every 30 s): in the whole run's order the live refresh has
  // twice not come and the page caught up by its poll (the cause is not known yet; issue 26's note).
  test.setTimeout(240_000);
  await expect(page.getByTestId('sentence-summary')).toBeVisible({ timeout: 95_000 });
  // The image step comes last: the member's page shows Hearth's copy once the link is ready.
  await expect(page.getByRole('img', { name: TITLE })).toHaveAttribute(
    'src',
    `/api/links/${linkId}/lead_image`,
    { timeout: 95_000 },
  );
  const summary = await page.getByTestId('sentence-summary').textContent();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await visitor.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Links' }).click();
  await expect(visitor).toHaveURL(/\/explore\/links$/);
  await expect(visitor.getByRole('heading', { name: 'Published links', level: 1 })).toBeVisible();
  // This member's card: a retry's visitor also finds the first attempt's link.
  const card = visitor.getByRole('article', { name: TITLE }).filter({ hasText: `@${sharer.username}` });
  await expect(card).toBeVisible();
  const thumbnail = card.getByRole('img', { name: TITLE });
  await expect(thumbnail).toHaveAttribute('src', `/api/published_links/${linkId}/lead_image`);
  // The image really loaded (the CSP allows Hearth's own images only).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
  await expect(card.getByText('Good news for the yellowhammers.')).toBeVisible();

  await card.getByRole('link', { name: TITLE }).click();
  await expect(visitor).toHaveURL(new RegExp(`/explore/link/${linkId}$`));
  await expect(visitor.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('sentence-summary')).toHaveText(summary!);
  await expect(visitor.getByTestId('paragraph-summary')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Reader view' })).toBeVisible();
  await expect(visitor.getByText('Sign in to interact with this link')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Want to join the conversation?' })).toBeVisible();
});
