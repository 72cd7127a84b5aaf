import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mail';
import { host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

test('ask for the account to be deleted, get signed out, sign back in and keep it', async ({ page }) => {
  const member = await newMember('leaving');
  await signInPage(page, member);
  await page.goto('/settings/data');
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
  await expect(page.getByText('Members you invited keep their accounts.')).toBeVisible();

  const since = Date.now();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Current password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();

  await dialog.getByLabel('Current password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deletion\?on=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account will be deleted' })).toBeVisible();
  await expect(page.getByText(/Sign in before then and your account will not be deleted/)).toBeVisible();
  const mail = await waitForMail(member.email, { since, contains: 'will be deleted on' });
  expect(mail).toContain('Sign in before then to keep it.');

  // Signed out everywhere: a member page sends the browser to sign in.
  await page.goto('/settings/data');
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back. Your account will not be deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await waitForMail(member.email, { since, contains: 'will not be deleted' });
});
