import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { type Member, host, newMember, signInPage } from './support/members';

/**
 * The links journeys: a member shares a page served by a local server (the e2e server may fetch
 * from loopback: LINK_FETCH_ALLOW_LOOPBACK in playwright.config.ts), watches Hearth read and
 * summarise it without reloading, then comments on it and likes it; a second member sees it.
 */

const ARTICLE_TITLE = 'How honeybees find their way home';
const ARTICLE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${ARTICLE_TITLE}</title>
<meta property="og:site_name" content="Meadow Notes"></head>
<body>
<nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article>
<h1>${ARTICLE_TITLE}</h1>
<p>Honeybees leave the hive every morning and fly several kilometres in search of flowers, yet almost
all of them return to the right entrance before dusk. Researchers have spent a century asking how
such a small brain solves a problem that still challenges engineers.</p>
<p>The first part of the answer is the sun. A bee measures the angle between its flight and the sun,
and it corrects that angle as the sun moves across the sky during the day. Even under clouds, bees
read the pattern of polarised light that the human eye cannot see.</p>
<p>The second part is landmarks. Young bees make orientation flights around the hive, turning back to
look at trees, walls and hedges, and they store snapshots of the scene. On the way home they compare
what they see with those snapshots and steer until the two match.</p>
<p>The third part is counting. Experiments with tunnels show that bees estimate distance from the
optic flow, the speed at which the world slides past their eyes. A bee that flew through a narrow
tunnel overestimates how far it went, because the walls rushed past quickly.</p>
<p>Finally, bees share what they learn. A forager that found rich flowers performs the waggle dance on
the comb, and the angle and length of the dance tell her sisters the direction and distance of the
food. New foragers combine the dance with their own memories of the landscape.</p>
<p>Together these skills make the honeybee one of the best navigators in the animal world, and they
inspire small flying robots that must find their way without satellite positioning.</p>
</article>
<footer>Meadow Notes, a newsletter about gardens.</footer>
</body>
</html>`;

let server: http.Server;
let articleUrl: string;

test.beforeAll(async () => {
  await host();
  server = http.createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://local').pathname === '/bees') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  articleUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bees`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function secondBrowser(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, member);
  return page;
}

test('share a link, watch its summary appear without reloading, then comment on it and like it', async ({
  page,
  browser,
}) => {
  const sharer = await newMember('sharer');
  await signInPage(page, sharer);

  await page.goto('/links');
  await page.getByRole('link', { name: 'Add Link' }).first().click();
  await expect(page).toHaveURL(/\/links\/new$/);
  const add = page.getByRole('button', { name: 'Add Link' });
  await expect(add).toBeDisabled();
  await expect(page.getByLabel('Visibility')).toHaveValue('private');
  await page.getByLabel('URL').fill('not a url');
  await add.click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await page.getByLabel('URL').fill(`${articleUrl}?utm_source=e2e`);
  await expect(page.getByText('Please enter a valid URL')).toBeHidden();
  await page.getByLabel('Comment').fill('The part about counting surprised me.');
  await page.getByLabel('Visibility').selectOption('published');
  await add.click();
  await expect(page).toHaveURL(/\/links\/[0-9a-f-]{36}$/);

  // The page fills in by itself: a marker set now would vanish with a reload.
  await page.evaluate(() => {
    (window as unknown as { hearthNoReload: boolean }).hearthNoReload = true;
  });
  // The summaries show as soon as they are written; the reading ends after the search index and the
  // safety check, which a loaded machine may take a while over: both waits get the reading's budget.
  await expect(page.getByTestId('sentence-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('reading…')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: ARTICLE_TITLE, level: 1 })).toBeVisible();
  await expect(page.getByTestId('paragraph-summary')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reader view' })).toBeVisible();
  await expect(page.getByText('Researchers have spent a century', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hearthNoReload?: boolean }).hearthNoReload)).toBe(
    true,
  );
  const linkUrl = page.url();

  // Comment: the count follows the typing; the comment appears in the list.
  const box = page.getByLabel('Add a comment');
  await box.fill('  Worth reading twice.  ');
  await expect(page.getByTestId('comment-counter')).toHaveText('20/10000');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.locator('#comments li', { hasText: 'Worth reading twice.' })).toBeVisible();
  await expect(box).toHaveValue('');

  // Like: at once, and still liked after a reload.
  await page.getByRole('button', { name: '0 likes' }).first().click();
  await expect(page.getByRole('button', { name: '1 like' }).first()).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: '1 like' }).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 comment', { exact: true })).toBeVisible();

  // A second member finds it on the links timeline (published), likes it and comments too.
  const reader = await newMember('reader');
  const readerPage = await secondBrowser(browser, reader);
  await readerPage.goto('/links');
  // This sharer's card: a retried run shares the same page again, as another member.
  const card = readerPage.locator('article', { hasText: ARTICLE_TITLE }).filter({ hasText: sharer.username });
  await expect(card).toBeVisible();
  await expect(card.getByText('The part about counting surprised me.')).toBeVisible();
  await card.getByRole('button', { name: '1 like' }).click();
  await expect(card.getByRole('button', { name: '2 likes' })).toHaveAttribute('aria-pressed', 'true');
  await readerPage.goto(linkUrl);
  await readerPage.getByLabel('Add a comment').fill('Thanks for sharing!');
  await readerPage.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(readerPage.locator('#comments li', { hasText: 'Thanks for sharing!' })).toBeVisible();

  // Sharing the same page again shows the earlier share.
  await page.goto('/links/new');
  await page.getByLabel('URL').fill(articleUrl);
  await page.getByRole('button', { name: 'Add Link' }).click();
  await expect(page).toHaveURL(/\/links\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Shared before' })).toBeVisible();
});

test('a link Hearth may not read shows one state, without a Retry that cannot help', async ({ page }) => {
  await signInPage(page, await newMember('prober'));
  await page.goto('/links/new');
  await page.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
  await page.getByRole('button', { name: 'Add Link' }).click();
  await expect(page).toHaveURL(/\/links\/[0-9a-f-]{36}$/);

  // The private address is refused at once (no retries), and the bare IP makes it suspicious.
  const article = page.getByRole('article');
  await expect(article.getByText("We couldn't read this link.")).toBeVisible({ timeout: 30_000 });
  const state = article.getByRole('alert');
  await expect(state).toHaveCount(1);
  await expect(state).toContainText('Caution: this link looks suspicious');
  await expect(state).toContainText('private or local network address');
  await expect(article.getByRole('note')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  await page.goto('/links');
  const card = page.getByRole('article', { name: 'http://169.254.169.254/latest/meta-data/' });
  await expect(card.getByRole('alert')).toHaveCount(1);
  await expect(card.getByRole('alert')).toContainText("We couldn't read this link.");
  await expect(card.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
