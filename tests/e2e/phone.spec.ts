import { expect, test } from '@playwright/test';
import { host, newMember, signInPage } from './support/members';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeAll(async () => {
  await host();
});

test('on a phone, the slide-in sidebar holds the navigation and the account entries', async ({ page }) => {
  const me = await newMember('pocket');
  await signInPage(page, me);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const sidebar = page.getByRole('dialog');
  for (const entry of ['Post', 'Timeline', 'Links', 'Groups', 'Friends', 'Published']) {
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
