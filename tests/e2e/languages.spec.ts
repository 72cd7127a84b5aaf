import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInApi } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** Every catalog of the web, by language: id -> text (web/i18n/README.md). */
function catalogs(locale: string): Map<string, string> {
  const texts = new Map<string, string>();
  const files = fs
    .readdirSync('web', { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && entry.name === `${locale}.json` && entry.parentPath.endsWith('messages'),
    );
  for (const file of files) {
    const catalog = JSON.parse(fs.readFileSync(path.join(file.parentPath, file.name), 'utf8')) as Record<
      string,
      string
    >;
    for (const [id, text] of Object.entries(catalog)) texts.set(id, text);
  }
  return texts;
}

const english = catalogs('en');
/** The words a member reading `locale` sees where an English reader sees `text` (a message with no placeholders). */
function said(locale: string, text: string): string {
  const id = [...english].find(([, value]) => value === text)?.[0];
  if (!id) throw new Error(`no message reads "${text}" in English`);
  return catalogs(locale).get(id)!;
}

async function expectLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

test('a German browser gets Hearth in German from the first screen, and an Arabic one right to left', async ({
  browser,
}) => {
  const german = await browser.newContext({ locale: 'de-DE' });
  const page = await german.newPage();
  await page.goto('/signin');
  await expectLanguage(page, 'de', 'ltr');
  await expect(page.getByRole('button', { name: said('de', 'Sign In'), exact: true })).toBeVisible();
  await german.close();

  const arabic = await browser.newContext({ locale: 'ar-EG' });
  const arabicPage = await arabic.newPage();
  await arabicPage.goto('/signin');
  await expectLanguage(arabicPage, 'ar', 'rtl');
  await expect(arabicPage.getByRole('button', { name: said('ar', 'Sign In'), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(arabicPage, 'sign-in in Arabic');
  await arabic.close();
});

test('a member switches to Arabic in Settings and walks the main screens right to left, axe clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await newMember('arabic');
  const api = await signInApi(member);
  const post = await api.post('/api/posts', {
    data: { post: { tldr: 'مرحبا', content: 'Hello from the club' } },
  });
  expect(post.status()).toBe(201);
  const postId = ((await post.json()) as { id: string }).id;

  // Sign in through the screen, in an English browser.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);

  await page.goto('/settings');
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page.getByText(said('ar', 'Language saved'))).toBeVisible();
  await expectLanguage(page, 'ar', 'rtl');
  await expectNoSeriousA11yViolations(page, 'settings in Arabic');

  // The choice is the member's: a new page load arrives in Arabic from the server.
  for (const [address, label] of [
    ['/dashboard', 'timeline'],
    [`/post/${postId}`, 'post'],
    ['/groups', 'groups'],
    ['/inbox', 'inbox'],
    ['/friends', 'friends'],
  ] as const) {
    await page.goto(address);
    await expectLanguage(page, 'ar', 'rtl');
    await expect(page.getByRole('link', { name: said('ar', 'Timeline'), exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${label} in Arabic`);
  }
  // The frame mirrors: the sidebar sits on the right of the main column.
  const sidebar = await page.getByRole('navigation').first().boundingBox();
  const main = await page.getByRole('main').boundingBox();
  expect(sidebar!.x).toBeGreaterThan(main!.x);
});
