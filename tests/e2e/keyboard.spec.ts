import { type Page, expect, test } from '@playwright/test';
import { host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** Tab from the top of the page (a blur would leave Chromium's starting point where focus was). */
async function tabFromTop(page: Page) {
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
}

test('the skip link, focused, keeps its padding and lies over no logo, at desktop and phone widths', async ({
  page,
}) => {
  await signInPage(page, await newMember('skip'));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/dashboard', '/privacy-policy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await tabFromTop(page);
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      const padding = await skip.evaluate((link) => parseFloat(getComputedStyle(link).paddingLeft));
      expect(padding, `${path} at ${width}`).toBeGreaterThanOrEqual(12);
      const link = (await skip.boundingBox())!;
      const logo = (await page.getByRole('link', { name: 'Hearth home' }).first().boundingBox())!;
      const overlaps =
        link.x < logo.x + logo.width &&
        logo.x < link.x + link.width &&
        link.y < logo.y + logo.height &&
        logo.y < link.y + link.height;
      expect(
        overlaps,
        `${path} at ${width}: skip link ${JSON.stringify(link)}, logo ${JSON.stringify(logo)}`,
      ).toBe(false);
    }
  }
  // Signed out, the account screens' logo too.
  await page.context().clearCookies();
  await page.goto('/password-request');
  await expect(page.getByLabel('Email')).toBeVisible();
  await tabFromTop(page);
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  const link = (await skip.boundingBox())!;
  const logo = (await page.getByRole('link', { name: 'Hearth home' }).boundingBox())!;
  expect(link.y + link.height <= logo.y || logo.y + logo.height <= link.y).toBe(true);
});

test('keyboard only: skip link, n to post, a draft kept over a reload and a navigation, j/k between posts, ? and Escape', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await newMember('keys');
  await signInPage(page, member);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The skip link is the first stop of Tab, and takes focus to the main area.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  // n opens the new-post screen, its title field ready.
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/posts\/new$/);
  const title = page.getByLabel('Title');
  await expect(title).toBeFocused();
  const first = `Kept by the keyboard ${Date.now()}`;
  await page.keyboard.type(first);
  await page.getByLabel('Content').fill('Typed, reloaded, and still here.');

  // A reload keeps the draft and says so.
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue(first);
  await expect(page.getByLabel('Content')).toHaveValue('Typed, reloaded, and still here.');
  await expect(page.getByText('Draft restored')).toBeVisible();

  // So does leaving the screen and coming back.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('n');
  await expect(page.getByLabel('Title')).toHaveValue(first);

  // Ctrl+Enter posts it; the draft is then gone.
  await page.getByLabel('Title').press('Control+Enter');
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeFocused();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/posts\/new$/);
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByText('Draft restored')).toHaveCount(0);

  const second = `Second by the keyboard ${Date.now()}`;
  await page.keyboard.type(second);
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);

  // j and k move between the timeline's posts.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const posts = page.locator('#main article[data-shortcut-item]');
  // The timeline first shows what it had cached (other journeys' posts), then the newest: start
  // once the two new posts lead it.
  await expect(posts.nth(0)).toContainText(second);
  await expect(posts.nth(1)).toContainText(first);
  await page.keyboard.press('j');
  await expect(posts.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(posts.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(posts.nth(0)).toBeFocused();

  // ? lists the shortcuts; Escape closes the list and focus is back on the post.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Next post')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(posts.nth(0)).toBeFocused();
});
