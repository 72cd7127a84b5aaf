import { expect, test } from '@playwright/test';
import { host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

test('find a post by a word it does not contain but means the same', async ({ page }) => {
  const author = await newMember('sailor');
  await signInPage(page, author);
  const tag = Date.now().toString(36);
  const title = `Sailing lessons on the lake this weekend ${tag}`;
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Two spots left in the dinghy, beginners welcome.');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);

  // "boating classes" shares no word with the post. The worker embeds it in the background (the
  // first time it also builds the word-vector cache), so the search is repeated until it appears.
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('boating classes');
  await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
  await expect(page).toHaveURL(/\?q=boating\+classes$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
