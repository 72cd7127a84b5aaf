import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mail';
import { host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

test('export my data: request it, see it become ready, download a zip holding my posts', async ({ page }) => {
  const member = await newMember('exporter');
  const api = await signInApi(member);
  const title = `Export me ${Date.now()}`;
  const created = await api.post('/api/posts', { data: { post: { tldr: title, content: 'Mine to keep.' } } });
  expect(created.status()).toBe(201);
  await api.dispose();

  await signInPage(page, member);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Export your data' })).toBeVisible();

  const since = Date.now();
  await page.getByRole('button', { name: 'Request export' }).click();
  await expect(page.getByText("We're preparing your export. We'll email you when it's ready.")).toBeVisible();
  // The page follows the export by itself: no reload.
  const download = page.getByRole('link', { name: /^Download \(/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Available until/)).toBeVisible();

  await waitForMail(member.email, { since, contains: '/settings/data' });

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^hearth-export-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const saved = await file.path();
  const names = execFileSync('unzip', ['-Z1', saved], { encoding: 'utf8' }).split('\n');
  expect(names).toContain('posts.json');
  const posts = JSON.parse(
    execFileSync('unzip', ['-p', saved, 'posts.json'], { encoding: 'utf8' }),
  ) as Array<{
    tldr: string;
  }>;
  expect(posts.map((post) => post.tldr)).toContain(title);
});
