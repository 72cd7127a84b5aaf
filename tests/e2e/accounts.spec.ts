import { expect, test } from '@playwright/test';
import { linkParam, waitForMail } from './support/mail';
import { host, invitationCode, newIdentity, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

test('accept an invitation, sign up, confirm from the mail, sign in and land on the page first asked for', async ({
  page,
}) => {
  const code = await invitationCode();
  const me = newIdentity('newcomer');

  // A protected page sends a signed-out visitor to sign in, remembering where they were going.
  await page.goto('/invitations');
  await expect(page).toHaveURL(/\/signin$/);

  await page.goto(`/invitation?code=${code}`);
  await expect(page.getByText('Hearth is currently invite-only.')).toBeVisible();
  await expect(page.getByLabel('Invitation Code')).toHaveValue(code);
  await page.getByRole('button', { name: 'Join' }).click();

  await expect(page).toHaveURL(new RegExp(`/signup\\?code=${code}`));
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('First name').fill(me.firstName);
  await page.getByLabel('Last name').fill(me.lastName);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByLabel('Confirm password').fill(me.password);
  await expect(page.getByLabel('Invitation code')).toHaveValue(code);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/email-confirmation$/);
  const mail = await waitForMail(me.email, { since, contains: '/email-confirmation?' });
  await page.getByLabel('Confirmation Code').fill(linkParam(mail, '/email-confirmation', 'code'));
  await page.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByText('Your email has been confirmed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/, { timeout: 5000 });

  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/invitations$/);
  await expect(page.getByRole('heading', { name: 'Your Invitations' })).toBeVisible();
});

test('a wrong invitation code is refused', async ({ page }) => {
  await page.goto('/invitation');
  await page.getByLabel('Invitation Code').fill('not-a-real-code');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Invalid invitation code')).toBeVisible();
});

test('forgotten password: request a reset, set a new password from the mail, sign in with it', async ({
  page,
}) => {
  const me = await newMember('forgetful');
  await page.goto('/signin');
  await page.getByRole('link', { name: /Forgot password/i }).click();
  await expect(page).toHaveURL(/\/password-request$/);

  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(me.email);
  await page.getByRole('button', { name: 'Request Reset Link' }).click();
  await expect(
    page.getByText("If your email exists in our system, you'll receive password reset instructions shortly."),
  ).toBeVisible();
  const mail = await waitForMail(me.email, { since, contains: '/password-reset?' });
  const token = linkParam(mail, '/password-reset', 'token');

  await page.goto(`/password-reset?token=${token}`);
  const newPassword = 'a-brand-new-passphrase';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  // The link carried the code: the form does not ask for it.
  await expect(page.getByLabel('Reset code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password successfully reset! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/, { timeout: 5000 });

  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();

  await signInPage(page, { ...me, password: newPassword });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('create an invitation and copy its link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const me = await newMember('inviter');
  await signInPage(page, me);
  await page.goto('/invitations');
  await expect(page.getByText("You haven't created any invitations yet.")).toBeVisible();

  const friend = `${newIdentity('friend').username}@example.test`;
  await page.getByLabel(/email/i).fill(friend);
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(page.getByText('Invitation created successfully!')).toBeVisible();
  await expect(page.getByText(friend)).toBeVisible();
  await expect(page.getByText('Invitation created successfully!')).toBeHidden({ timeout: 5000 });

  await page.getByRole('button', { name: 'Copy Link' }).first().click();
  await expect(page.getByText('Invitation link copied to clipboard!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/invitation\?code=[A-Za-z0-9_-]+$/);

  const mail = await waitForMail(friend);
  expect(mail).toContain(copied);

  // The code is shown once (stored hashed): after a reload the link lives only in the mail.
  await page.reload();
  await expect(page.getByText('Link sent by email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
});

test('sign out from the avatar menu', async ({ page }) => {
  const me = await newMember('leaver');
  await signInPage(page, me);
  await page
    .getByRole('button', { name: /account menu|open menu|avatar/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/invitations');
  await expect(page).toHaveURL(/\/signin$/);
});
