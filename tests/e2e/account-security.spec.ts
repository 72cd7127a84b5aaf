import * as OTPAuth from 'otpauth';
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { host, newMember, signInPage, type Member } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function totpCode(secret: string, stepsAhead = 0) {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

async function signInWithPassword(page: Page, member: Member) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('change the password in Security settings, then sign in with the new one', async ({ page }) => {
  const member = await newMember('changer');
  await signInPage(page, member);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

  const newPassword = `fresh-${randomBytes(6).toString('hex')}-secret`;
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(member.password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText('Your password has been changed. Every other device was signed out.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInWithPassword(page, member);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await signInPage(page, { ...member, password: newPassword });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('turn on two-factor sign-in with an authenticator app, then sign in with a code', async ({ page }) => {
  const member = await newMember('guarded');
  await signInPage(page, member);
  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  // Enrolment starts only with the current password (a session alone must not enrol a device).
  const start = page.getByRole('form', { name: 'Set up two-factor sign-in' });
  await start.getByLabel('Current password').fill(member.password);
  await start.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/^On: signing in asks for a code/)).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInWithPassword(page, member);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  // The enrolment took this step's code; an app shows the next one 30 seconds later.
  await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('sign out another session from the list; that browser is signed out', async ({ page, browser }) => {
  const member = await newMember('roamer');
  const otherContext = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  });
  const phone = await otherContext.newPage();
  await signInPage(phone, member);
  await signInPage(page, member);

  await page.goto('/settings/security');
  const list = page.getByRole('list', { name: 'Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.1' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The phone's next request finds no session and goes to sign in.
  await phone.goto('/settings');
  await expect(phone).toHaveURL(/\/signin$/);
  await otherContext.close();
});
