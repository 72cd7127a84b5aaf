import { type Browser, type Page, expect, test } from '@playwright/test';
import { type Member, host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** A second, separate browser session, as a second member would have. */
async function secondBrowser(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, member);
  return page;
}

async function writePost(page: Page, title: string, content: string) {
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill(content);
  await expect(page.getByText(`${content.length}/2000`)).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
}

test('write a post and see it on the timeline', async ({ page }) => {
  const author = await newMember('writer');
  await signInPage(page, author);
  const title = `Picnic on Saturday ${Date.now()}`;
  await writePost(page, title, 'Bring **blankets** and something to share.');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'blankets' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  const card = page.locator('article', { hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText(`@${author.username}`)).toBeVisible();
});

test('the timeline and a post’s page draw from the server’s HTML, and the Markdown renderer loads only to write', async ({
  page,
}) => {
  await signInPage(page, await newMember('reader'));
  const title = `Soup night ${Date.now()}`;
  await writePost(page, title, 'Bring **bowls** and [the recipe](https://example.org/soup).');

  // A new page load of the timeline: nothing loaded by the post form is in memory any more.
  const renderer: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/markdown-[\w-]+\.js$/.test(request.url())) renderer.push(request.url());
  });
  await page.goto('/dashboard');
  const card = page.locator('article', { hasText: title });
  await expect(card.locator('strong', { hasText: 'bowls' })).toBeVisible();
  const link = card.getByRole('link', { name: 'the recipe' });
  await expect(link).toHaveAttribute('href', 'https://example.org/soup');
  await expect(link).toHaveAttribute('rel', 'ugc nofollow noopener noreferrer');

  // The post's page: its content and a new comment, both from the server's HTML.
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('main strong', { hasText: 'bowls' })).toBeVisible();
  await page.getByLabel('Add a comment').fill('Count me **in**');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.locator('main strong', { hasText: /^in$/ })).toBeVisible();
  await page.reload();
  await expect(page.locator('main strong', { hasText: /^in$/ })).toBeVisible();

  // The control: the post form loads the renderer with its route (its preview draws Markdown).
  expect(renderer).toEqual([]);
  await page.goto('/posts/new');
  await expect(page.getByLabel('Title')).toBeVisible();
  await expect.poll(() => renderer.length).toBe(1);
});

test('a post’s page and the timeline start their session check and their data from the page’s head, and ask once', async ({
  page,
}) => {
  await signInPage(page, await newMember('early'));
  const title = `Allotment open day ${Date.now()}`;
  await writePost(page, title, 'Seedlings **free** to a good home.');
  const postPath = new URL(page.url()).pathname;
  const postId = postPath.split('/').at(-1)!;

  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname === '/api/auth' || pathname.startsWith('/api/posts')) asked.push(pathname + search);
  });
  const leftOver = () =>
    page.evaluate(() => Object.keys(window.__hearthFirstCalls?.calls ?? { missing: true }));

  await page.goto(postPath);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Comments/ })).toBeVisible();
  // Started by the head (web/public/first-calls.js) and every one taken by the app; the screen's
  // code started there too.
  expect(await leftOver()).toEqual([]);
  const preloaded = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
    );
  expect(await preloaded()).toContainEqual(expect.stringMatching(/\/assets\/post-page-[\w-]+\.js$/));
  expect(asked.filter((url) => url === '/api/auth')).toHaveLength(1);
  expect(asked.filter((url) => url === `/api/posts/${postId}`)).toHaveLength(1);

  asked.length = 0;
  await page.goto('/dashboard');
  await expect(page.locator('article', { hasText: title })).toBeVisible();
  expect(await leftOver()).toEqual([]);
  expect(await preloaded()).toContainEqual(expect.stringMatching(/\/assets\/timeline-page-[\w-]+\.js$/));
  expect(asked.filter((url) => url === '/api/auth')).toHaveLength(1);
  expect(asked.filter((url) => url === '/api/posts')).toHaveLength(1);
});

test('the timeline loads its menus’ code only when one is first opened, and the keyboard keeps its place', async ({
  page,
}) => {
  await signInPage(page, await newMember('chooser'));
  const title = `Seed swap ${Date.now()}`;
  await writePost(page, title, 'Bring seeds.');

  const overlays: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/overlays-[\w-]+\.js$/.test(request.url())) overlays.push(request.url());
  });
  await page.goto('/dashboard');
  const card = page.locator('article', { hasText: title });
  await expect(card).toBeVisible();
  const options = card.getByRole('button', { name: 'Post options' });
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-haspopup', 'menu');
  expect(overlays).toEqual([]);

  // The control: Enter on the card's menu button loads the menus' code once and opens the menu on
  // its first item; Escape gives the focus back to the button.
  await options.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  expect(overlays).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(options).toBeFocused();
  await expect(options).toHaveAttribute('aria-expanded', 'false');

  // Another menu now opens from the code already there.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  expect(overlays).toHaveLength(1);
});

test('the content counter turns the Create button off above 2000 characters', async ({ page }) => {
  await signInPage(page, await newMember('verbose'));
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill('Too long');
  await page.getByLabel('Content').fill('x'.repeat(2001));
  await expect(page.getByText('2001/2000')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
});

test('a second member comments on and likes a post, and the author sees both', async ({ page, browser }) => {
  const author = await newMember('author');
  const reader = await newMember('reader');
  await signInPage(page, author);
  const title = `Band practice moved ${Date.now()}`;
  await writePost(page, title, 'Same place, one hour later.');
  const postUrl = page.url();

  const readerPage = await secondBrowser(browser, reader);
  await readerPage.goto(postUrl);
  await expect(readerPage.getByRole('heading', { name: title })).toBeVisible();
  const like = readerPage.getByRole('button', { name: /0 likes/ });
  await like.click();
  await expect(readerPage.getByRole('button', { name: /1 like$/ })).toHaveAttribute('aria-pressed', 'true');

  await readerPage.getByLabel('Add a comment').fill('  See you **there**!  ');
  await readerPage.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(readerPage.locator('strong', { hasText: 'there' })).toBeVisible();
  await expect(readerPage.getByLabel('Add a comment')).toHaveValue('');
  await readerPage.context().close();

  // The post's page draws its comments without the menus' and dialogs' code (the overlays chunk).
  const overlays: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/overlays-[\w-]+\.js$/.test(request.url())) overlays.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('button', { name: /1 like$/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('See you')).toBeVisible();
  await expect(page.getByLabel('Add a comment')).toBeVisible();
  expect(overlays).toEqual([]);
  await expect(
    page.getByText(`@${reader.username}`).or(page.getByText(reader.firstName)).first(),
  ).toBeVisible();

  // The post's owner may delete any comment on it.
  await page.getByRole('button', { name: 'Delete comment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete comment' }).click();
  await expect(page.getByText('See you')).toBeHidden();
  // The control: the dialog brought that code.
  expect(overlays).toHaveLength(1);
});

test('search finds a post by its words', async ({ page }) => {
  const me = await newMember('seeker');
  await signInPage(page, me);
  const word = `zucchini${Date.now().toString(36)}`;
  await writePost(page, `Garden news ${word}`, 'The courgettes are enormous this year.');
  await page.goto('/search');
  const box = page.getByRole('searchbox').or(page.getByRole('textbox')).first();
  await box.fill(word);
  await box.press('Enter');
  await expect(page.locator('article', { hasText: `Garden news ${word}` })).toBeVisible();
  await box.fill('nothingmatchesthisqueryatall');
  await box.press('Enter');
  await expect(page.getByText('No posts found')).toBeVisible();
});

test('send feedback and return to the dashboard', async ({ page }) => {
  await signInPage(page, await newMember('critic'));
  await page.goto('/share-feedback');
  await expect(page.getByRole('heading', { name: 'Share Your Feedback' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Feedback' });
  await expect(submit).toBeDisabled();
  await page.getByPlaceholder("Tell us what's on your mind...").fill('The timeline is lovely.');
  await submit.click();
  await expect(page.getByText('Thank You for Your Feedback!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6000 });
});
