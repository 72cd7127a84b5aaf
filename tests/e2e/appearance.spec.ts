import { expect, test } from '@playwright/test';
import { host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

test('dark follows the system until the member picks Light in the account menu, which stays after a reload', async ({
  page,
}) => {
  const member = await newMember('dusk');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/signin');
  // No choice stored: the system's dark applies, before and after the app starts.
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await signInPage(page, member);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.getByRole('button', { name: 'Account menu' }).click();
  const light = page.getByRole('menuitemradio', { name: 'Light' });
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await light.click();
  await expect(light).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(background);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

  // Back to System from the settings page's Appearance section: dark again.
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('a comment’s time shows the local date and time of a browser in Tokyo, which becomes the member’s zone', async ({
  browser,
}) => {
  const member = await newMember('tokyo');
  const api = await signInApi(member);
  const created = await api.post('/api/posts', {
    data: { post: { tldr: 'Cherry blossoms', content: 'Soon.' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as { id: string };
  const commented = await api.post(`/api/posts/${post.id}/comments`, {
    data: { comment: { content: 'Lovely' } },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  const comment = (await commented.json()) as { created_at: string };

  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signInPage(page, member);
  await page.goto(`/post/${post.id}`);
  const time = page.locator(`time[datetime="${new Date(comment.created_at).toISOString()}"]`).last();
  await expect(time).toHaveText('just now');
  const expected = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(comment.created_at));
  await expect(time).toHaveAttribute('title', expected);
  expect(expected).toContain('GMT+9');

  // The browser's zone was recorded for the member, so mail can use it.
  await expect
    .poll(async () => ((await (await api.get('/api/auth')).json()) as { time_zone: string | null }).time_zone)
    .toBe('Asia/Tokyo');
  await context.close();
  await api.dispose();
});
