import { type Browser, type Page, expect, test } from '@playwright/test';
import { type Member, baseURL, host, newMember, signInApi, signInPage } from './support/members';

/** The second e2e server: the same build with rate limits on and 5 public reads a minute (playwright.config.ts). */
const THROTTLED_URL = `http://127.0.0.1:${process.env.E2E_THROTTLED_PORT ?? 3101}`;

test.beforeAll(async () => {
  await host();
});

const uniqueSlug = (word: string) => `${word}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Writes a post and publishes it under `slug` through the API; returns the post's id. */
async function publishedPost(member: Member, title: string, slug: string): Promise<string> {
  const api = await signInApi(member);
  const created = await api.post('/api/posts', {
    data: { post: { tldr: title, content: `About ${title}.` } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await api.post('/api/public_posts', { data: { public_post: { post_id: id, slug } } });
  expect(published.status(), await published.text()).toBe(201);
  await api.dispose();
  return id;
}

async function visitor(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), ...options });
  return context.newPage();
}

test('a member publishes a post from its menu, copies the link and opens it; a visitor reads it', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  const author = await newMember('publisher');
  await signInPage(page, author);
  const title = `Plum harvest ${Date.now()}`;
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Ripe plums for **everyone** at the gate.');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog');
  const slugField = dialog.getByLabel('Address');
  await expect(slugField).toHaveValue(/^plum-harvest-\d+$/);
  const slug = uniqueSlug('plums');
  await slugField.fill(slug);
  await slugField.press('Enter');

  await expect(dialog.getByRole('heading', { name: 'Your post is public' })).toBeVisible();
  const publicUrl = `${baseURL()}/explore/post/${slug}`;
  await expect(dialog.getByLabel('Public link')).toHaveText(publicUrl);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);

  const open = dialog.getByRole('link', { name: 'Open in new tab' });
  await expect(open).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await expect(tab).toHaveURL(publicUrl);
  await expect(tab.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await tab.close();

  // Once published, the menu offers the link instead; /published lists it.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Post options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy public link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/published');
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText(slug, { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: publicUrl })).toHaveAttribute('href', publicUrl);

  // A visitor with no session reads it at its public address.
  const reader = await visitor(browser);
  await reader.goto(publicUrl);
  await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(reader.locator('strong', { hasText: 'everyone' })).toBeVisible();
  await expect(reader.getByText('Sign in to interact with this post')).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Want to join the conversation?' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await reader.context().close();
});

test('a public post is also published from /posts/new with Public on', async ({ page }) => {
  await signInPage(page, await newMember('announcer'));
  await page.goto('/posts/new');
  const title = `Village fete ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('switch', { name: 'Public' }).click();
  const slug = uniqueSlug('fete');
  await page.getByLabel('Address').fill(slug);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Post created and published!')).toBeVisible();
  await page.goto(`/explore/post/${slug}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});

/** A finger drawn across the feed with Chromium's touch input (real touch events, real scrolling). */
async function swipe(page: Page, dx: number, dy = 0) {
  const box = (await page.getByTestId('feed').boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 250) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: start.x + (dx * step) / 5, y: start.y + (dy * step) / 5 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone, the feed at / moves between published posts by swipe and arrow keys', async ({
  browser,
}) => {
  const author = await newMember('feeder');
  const stamp = Date.now();
  const older = `Older feed post ${stamp}`;
  const newer = `Newer feed post ${stamp}`;
  await publishedPost(author, older, uniqueSlug('older'));
  await publishedPost(author, newer, uniqueSlug('newer'));

  const page = await visitor(browser, {
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await page.goto('/');
  const position = page.getByTestId('feed-position');
  await expect(page.getByRole('heading', { name: newer })).toBeVisible();
  await expect(position).toHaveText(/^1 of 1\+$/);
  // The card fills the phone's width, less the page's 16 px margins.
  const card = (await page.getByRole('article').locator('..').boundingBox())!;
  expect(card.width).toBeGreaterThanOrEqual(390 - 2 * 16);

  // A short or mostly vertical move does nothing; a left swipe goes to the next post.
  await swipe(page, -30);
  await swipe(page, -60, 120);
  await expect(position).toHaveText(/^1 of 1\+$/);
  await swipe(page, -120);
  await expect(page.getByRole('heading', { name: older })).toBeVisible();
  await expect(position).toHaveText(/^2 of 2\+?$/);

  // A right swipe comes back; on the first post it refreshes the feed.
  await swipe(page, 120);
  await expect(page.getByRole('heading', { name: newer })).toBeVisible();
  const refreshed = page.waitForRequest((request) => request.url().includes('/api/published_posts?limit=1'));
  await swipe(page, 120);
  await refreshed;
  await expect(page.getByRole('heading', { name: newer })).toBeVisible();
  await expect(position).toHaveText(/^1 of 1\+$/);

  // The arrow keys do the same.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { name: older })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { name: newer })).toBeVisible();

  // The card opens the post on the public face.
  await page.getByRole('link', { name: newer }).click();
  await expect(page).toHaveURL(/\/explore\/post\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: newer, level: 1 })).toBeVisible();
  await page.context().close();
});

test('a signed-in member sees their own frame on the public face, and / and /signin send them on', async ({
  page,
}) => {
  await signInPage(page, await newMember('homebody'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/feed');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByTestId('feed')).toBeVisible();
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Published posts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a visitor who refreshes the feed too often is told to wait', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: THROTTLED_URL });
  const page = await context.newPage();
  await page.goto('/');
  const feed = page.getByTestId('feed');
  const limited = page.getByText(/^Rate limited\. Please try again in \d+ seconds\.$/);
  await expect(feed.getByText('No published posts found')).toBeVisible();
  // 5 public reads a minute: the page's own and a few refreshes; a new minute may start meanwhile.
  for (let attempt = 0; attempt < 15 && !(await limited.isVisible()); attempt++) {
    const answered = page.waitForResponse((response) => response.url().includes('/api/published_posts'));
    await feed.getByRole('button', { name: 'Refresh' }).click();
    await answered;
  }
  await expect(limited).toBeVisible();
  await expect(feed.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await context.close();
});

test("the app a visitor's browser runs is React's production build, even from a build made under tests", async ({
  browser,
}) => {
  // This server's build ran with NODE_ENV=test (playwright.config.ts): the build must not follow it.
  const page = await visitor(browser);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const react = scripts.filter((url) => /\/assets\/react-[\w-]+\.js$/.test(url));
  expect(react, scripts.join('\n')).toHaveLength(1);
  for (const url of scripts) {
    const source = await (await page.request.get(url)).text();
    // A function React 19 defines in its development build only (owner stacks).
    expect(source.includes('react_stack_bottom_frame'), url).toBe(false);
  }
  await page.context().close();
});
