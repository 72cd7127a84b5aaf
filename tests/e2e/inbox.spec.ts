import { expect, test } from '@playwright/test';
import { host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

// Two sign-ups with mailed confirmations and two browsers: more than the default minute when busy.
test.setTimeout(120_000);

test('a like lights the author’s Inbox badge live, and opening the item leads to the post', async ({
  page,
  browser,
}) => {
  const author = await newMember('author');
  const fan = await newMember('fan');
  const title = `Weekend hike ${Date.now()}`;
  const api = await signInApi(author);
  const created = await api.post('/api/posts', { data: { post: { tldr: title, content: 'Meet at 9.' } } });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as { id: string }).id;
  await api.dispose();

  // The author has the app open, with nothing unread.
  await signInPage(page, author);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();

  // The fan, in a browser of their own, likes the post.
  const fanContext = await browser.newContext();
  const fanPage = await fanContext.newPage();
  await signInPage(fanPage, fan);
  await fanPage.goto(`/post/${postId}`);
  await fanPage.getByRole('button', { name: /0 likes/ }).click();
  await expect(fanPage.getByRole('button', { name: /1 like$/ })).toHaveAttribute('aria-pressed', 'true');
  await fanContext.close();

  // No reload: the live stream brings the badge.
  await expect(page.getByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible({ timeout: 2000 });
  await page.getByRole('link', { name: 'Inbox, 1 unread' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const item = page.getByRole('button', {
    name: new RegExp(`${fan.firstName} ${fan.lastName} liked your post “${title}”`),
  });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
});
