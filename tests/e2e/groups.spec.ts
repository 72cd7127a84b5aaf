import { type Browser, type Page, expect, test } from '@playwright/test';
import { type Member, host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, member);
  return page;
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

test('create a group; a member asks to join, is accepted as Poster and posts; a non-member cannot see it', async ({
  page,
  browser,
}) => {
  const owner = await newMember('owner');
  const joiner = await newMember('joiner');
  const outsider = await newMember('outsider');
  const groupName = `Book Club ${Date.now().toString(36)}`;

  // The owner creates the group.
  await signInPage(page, owner);
  await page.goto('/groups/new');
  await page.getByLabel('Name').fill(groupName);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  const groupUrl = new URL(page.url()).pathname;
  const groupId = groupUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Group' })).toBeVisible();

  // A second member asks to join.
  const joinerPage = await memberPage(browser, joiner);
  await joinerPage.goto(groupUrl);
  await joinerPage.getByRole('button', { name: `Join Group: ${groupName}` }).click();
  await expect(joinerPage.getByText('Request pending').first()).toBeVisible();

  // The owner accepts them as Poster.
  await page.goto('/group-requests');
  await expect(page.getByText(`@${joiner.username}`)).toBeVisible();
  await page.getByLabel(`Role for ${fullName(joiner)}`).selectOption('Poster');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted as Poster')).toBeVisible();

  // The new member posts in the group.
  const title = `Next month: Middlemarch ${Date.now()}`;
  await joinerPage.goto(`/posts/new?group_id=${groupId}`);
  await expect(joinerPage.getByLabel('Post to')).toHaveValue(groupId);
  await joinerPage.getByLabel('Title').fill(title);
  await joinerPage.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(joinerPage).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  const postUrl = new URL(joinerPage.url()).pathname;
  await joinerPage.goto(groupUrl);
  await expect(joinerPage.locator('article', { hasText: title })).toBeVisible();
  await joinerPage.context().close();

  // Someone outside the group sees neither the post nor the group's timeline.
  const outsiderPage = await memberPage(browser, outsider);
  await outsiderPage.goto(postUrl);
  await expect(outsiderPage.getByText('Post not found')).toBeVisible();
  await expect(outsiderPage.getByText(title)).toHaveCount(0);
  await outsiderPage.goto(groupUrl);
  await expect(outsiderPage.getByRole('button', { name: `Join Group: ${groupName}` })).toBeVisible();
  await expect(outsiderPage.getByText(title)).toHaveCount(0);
  await outsiderPage.goto('/dashboard');
  await expect(outsiderPage.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(outsiderPage.getByText(title)).toHaveCount(0);
  await outsiderPage.context().close();
});

test('the owner changes a member’s role and removes them', async ({ page, browser }) => {
  const owner = await newMember('chair');
  const member = await newMember('helper');
  const groupName = `Choir ${Date.now().toString(36)}`;

  await signInPage(page, owner);
  await page.goto('/groups/new');
  await page.getByLabel('Name').fill(groupName);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  const groupId = new URL(page.url()).pathname.split('/').pop()!;

  const memberPageHandle = await memberPage(browser, member);
  await memberPageHandle.goto(`/group/${groupId}`);
  await memberPageHandle.getByRole('button', { name: `Join Group: ${groupName}` }).click();
  await expect(memberPageHandle.getByText('Request pending').first()).toBeVisible();
  await memberPageHandle.context().close();

  // Requests to Join is on the edit screen too.
  await page.goto(`/groups/edit/${groupId}`);
  await page.getByLabel(`Role for ${fullName(member)}`).selectOption('Commentor');
  await page.getByRole('button', { name: 'Accept' }).click();
  const roleSelect = page.getByLabel(`Role of ${fullName(member)}`);
  await expect(roleSelect).toHaveValue('Commentor');

  await roleSelect.selectOption('Moderator');
  await page.getByRole('button', { name: `Actions for ${fullName(member)}` }).click();
  await page.getByRole('menuitem', { name: 'Update Role' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Role changed')).toBeVisible();
  await expect(dialog.getByText('Role was changed')).toBeVisible();
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await page.reload();
  await expect(page.getByLabel(`Role of ${fullName(member)}`)).toHaveValue('Moderator');

  await page.getByRole('button', { name: `Actions for ${fullName(member)}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByLabel(`Role of ${fullName(member)}`)).toHaveCount(0);
  await expect(page.getByText(`@${owner.username}`).first()).toBeVisible();
});

test('edit my profile and see it on my profile page', async ({ page }) => {
  const me = await newMember('profiled');
  await signInPage(page, me);
  await page.goto('/settings');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Location').fill('Arlington, Virginia');
  await page.getByLabel('About').fill('Rear admiral, compiler pioneer.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  await page
    .getByRole('link', { name: /view profile|my profile page|public profile/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profiles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Grace Hopper').first()).toBeVisible();
  await expect(page.getByText('Arlington, Virginia')).toBeVisible();
  await expect(page.getByText('Rear admiral, compiler pioneer.')).toBeVisible();
});
