import { expect, test } from '@playwright/test';
import { host, newMember, signInApi, signInPage } from './support/members';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeAll(async () => {
  await host();
});

test('on a phone, the slide-in sidebar holds the navigation and the account entries', async ({ page }) => {
  const me = await newMember('pocket');
  await signInPage(page, me);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The top bar carries Messages too, the sidebar being folded away on a phone.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sidebar = page.getByRole('dialog');
  for (const entry of ['Post', 'Timeline', 'Links', 'Groups', 'Friends', 'Published', 'Messages']) {
    await expect(sidebar.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByText('Sign out')).toBeVisible();
  await sidebar.getByRole('link', { name: 'Groups', exact: true }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Share feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Share Your Feedback' })).toBeVisible();
});

test('on a phone, a visitor reaches sign-in from the public shell', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: /Privacy Policy/i })).toBeVisible();
  await expect(page.getByText('March 22nd 2025')).toBeVisible();
  await page
    .getByRole('link', { name: 'Sign In' })
    .or(page.getByRole('button', { name: 'Sign In' }))
    .first()
    .click();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('on a phone, the timeline has one refresh control and it covers no card', async ({ page }) => {
  const me = await newMember('thumb');
  const api = await signInApi(me);
  // Titles of this member's own: a retry's member also sees the first attempt's posts.
  const diary = `${me.username}'s allotment diary`;
  for (let i = 1; i <= 5; i++) {
    const created = await api.post('/api/posts', {
      data: { post: { tldr: `${diary}, day ${i}`, content: 'Beans up, slugs down. '.repeat(6) } },
    });
    expect(created.ok()).toBe(true);
  }
  await signInPage(page, me);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `${diary}, day 1` })).toBeVisible();
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await expect(refresh).toHaveCount(1);
  await expect(refresh).toBeVisible();

  const overlaps = () =>
    page.evaluate(() => {
      const button = document.querySelector('button[aria-label="Refresh"]')!.getBoundingClientRect();
      return [...document.querySelectorAll('article')].filter((card) => {
        const box = card.getBoundingClientRect();
        return (
          box.left < button.right &&
          button.left < box.right &&
          box.top < button.bottom &&
          button.top < box.bottom
        );
      }).length;
    });
  // At the top, halfway down and at the end of the list, the button sits on no card. The page may
  // still grow while it scrolls (the list's end, a card's preview), so each poll aims again.
  for (const where of [0, 0.5, 1]) {
    await page.waitForFunction(
      (at) => {
        const target = Math.round(at * (document.documentElement.scrollHeight - window.innerHeight));
        window.scrollTo({ top: target, behavior: 'instant' });
        return Math.abs(window.scrollY - target) < 2;
      },
      where,
      { polling: 100 },
    );
    expect(await overlaps()).toBe(0);
  }
});
