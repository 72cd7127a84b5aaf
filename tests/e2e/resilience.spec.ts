import { type Page, expect, test } from '@playwright/test';
import { type Member, newMember, signInApi, signInPage } from './support/members';

/**
 * Issue 9, resilience: the app says when the server cannot be reached and recovers when it is
 * back; failed actions say so; a screen whose code fails once still loads; a member opening / lands
 * in their frame; the installable app's manifest and service worker.
 */

async function postBy(member: Member, title: string) {
  const api = await signInApi(member);
  const created = await api.post('/api/posts', { data: { post: { tldr: title, content: 'Steady on.' } } });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
}

const away = (page: Page) =>
  page.getByRole('status').filter({ hasText: "Hearth isn't answering. Trying again…" });
const offline = (page: Page) => page.getByRole('status').filter({ hasText: 'You appear to be offline.' });
const backOnline = (page: Page) => page.getByRole('status').filter({ hasText: 'Back online' });

test('the server goes away: a banner, a like that says it failed, then "Back online" and a working like', async ({
  page,
}) => {
  const member = await newMember('steady');
  const title = `Offline test ${Date.now()}`;
  await postBy(member, title);
  await signInPage(page, member);
  await page.goto('/dashboard');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByRole('button', { name: '0 likes' })).toBeVisible();

  // Every API call now fails at the network level, as when the server is down.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await card.getByRole('button', { name: '0 likes' }).click();
  // The browser is online: the server, not the member's connection, is what does not answer.
  await expect(
    page.getByText("Couldn't like the post. Hearth isn't answering; please try again in a moment."),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: '0 likes' })).toHaveAttribute('aria-pressed', 'false');
  await expect(away(page)).toBeVisible();

  // The server is back: the next health check (Try now, or the backoff) hides the banner.
  await page.unroute('**/api/**');
  await page.getByRole('button', { name: 'Try now' }).click();
  await expect(backOnline(page)).toBeVisible();
  await expect(away(page)).toHaveCount(0);
  await card.getByRole('button', { name: '0 likes' }).click();
  await expect(card.getByRole('button', { name: '1 like' })).toHaveAttribute('aria-pressed', 'true');

  // The browser going offline says so at once; online again, it goes.
  await page.context().setOffline(true);
  await expect(offline(page)).toBeVisible();
  await expect(away(page)).toHaveCount(0);
  await page.context().setOffline(false);
  await expect(backOnline(page)).toBeVisible();
  await expect(offline(page)).toHaveCount(0);
});

test('a screen whose code fails to load once still opens after a retry', async ({ page }) => {
  await signInPage(page, await newMember('retry'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Timeline', level: 1 })).toBeVisible();

  // The Groups screen's own script fails once, as after a dropped connection; the retry loads it.
  let blocked = 0;
  await page.route(/\/assets\/groups-page-[^/?]+\.js$/, async (route) => {
    if (blocked === 0) {
      blocked += 1;
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  expect(blocked).toBe(1);
  await expect(page.getByRole('heading', { name: "This page couldn't load." })).toHaveCount(0);
});

test('a screen whose code never loads offers Reload instead of a blank page', async ({ page }) => {
  await signInPage(page, await newMember('gone'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Timeline', level: 1 })).toBeVisible();
  await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { name: "This page couldn't load." })).toBeVisible();
  await expect(page.getByText('A new version of Hearth may be available.')).toBeVisible();
  await page.unroute('**/assets/*.js');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
});

test('a signed-in member opening / lands in their frame on the Timeline, and sees it at once', async ({
  page,
}) => {
  await signInPage(page, await newMember('homecoming'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  // While a slow session check runs, the frame is already there.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/privacy-policy');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('Loading', { exact: true })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the app is installable: a valid manifest, its icons, and a service worker that keeps no member data', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signInPage(page, await newMember('installer'));
  await page.goto('/dashboard');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestResponse = await page.request.get(href!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Hearth', start_url: '/dashboard', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The worker installs and keeps the shell of this build only: no API answer, no file.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const urls: string[] = [];
        for (const name of names) {
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        }
        return { names, urls };
      }),
    )
    .toMatchObject({ names: [expect.stringMatching(/^hearth-shell-/)], urls: expect.arrayContaining(['/']) });
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept.every((url) => url === '/' || url.startsWith('/assets/'))).toBe(true);
  expect(kept.some((url) => url.startsWith('/assets/'))).toBe(true);

  // Offline, the app still opens (from the kept shell) and says it cannot reach Hearth. Which of the
  // two notices is the browser's word: Chromium's offline emulation does not reach `navigator.onLine`
  // of a document that starts while it is on (the first journey checks the offline notice).
  await page.reload();
  await context.setOffline(true);
  await page.goto('/dashboard');
  const cannotReach = page
    .getByRole('status')
    .filter({ hasText: /You appear to be offline\.|Hearth isn't answering\./ });
  await expect(cannotReach).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Back online, the kept app reaches the server and carries on where it is. Its own next check
  // (the browser's online event, or the backoff clock that runs while it is away) gets there without
  // a tap, and on a slow machine it can do so before a test could tap Try now: the notice that it
  // cannot reach Hearth goes, which only an answered health check does, and the Timeline is there.
  await context.setOffline(false);
  await expect(cannotReach).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Timeline', level: 1 })).toBeVisible();
  await context.close();
});
