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

test('a member asks to join; the Owner sees the count live, accepts; the new member sees the members, then leaves', async ({
  page,
  browser,
}) => {
  const owner = await newMember('owner');
  const joiner = await newMember('joiner');
  const groupName = `Allotment ${Date.now().toString(36)}`;

  await signInPage(page, owner);
  await page.goto('/groups/new');
  await page.getByLabel('Name').fill(groupName);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  const groupUrl = new URL(page.url()).pathname;
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Requests', exact: true })).toBeVisible();

  // Another member asks to join, in a second browser.
  const joinerPage = await memberPage(browser, joiner);
  await joinerPage.goto(groupUrl);
  await joinerPage.getByRole('button', { name: `Join Group: ${groupName}` }).click();
  await expect(joinerPage.getByText('Request pending').first()).toBeVisible();

  // Without reloading, the Owner sees the count on Requests and on the sidebar's Groups entry.
  await expect(main.getByRole('link', { name: /^Requests\s*,\s*1 waiting$/ })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: /^Groups\s*,\s*1 requests waiting$/ })).toBeVisible();

  await main.getByRole('link', { name: /^Requests\s*,\s*1 waiting$/ }).click();
  await page.getByLabel(`Role for ${fullName(joiner)}`).selectOption('Commentor');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted as Commentor')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Groups', exact: true })).toBeVisible();

  // The new member sees who belongs, then leaves after confirming.
  await joinerPage.goto(groupUrl);
  const members = joinerPage.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('link', { name: fullName(owner) })).toBeVisible();
  await expect(members.getByRole('link', { name: fullName(joiner) })).toBeVisible();
  await joinerPage.getByRole('button', { name: 'Leave group' }).click();
  const dialog = joinerPage.getByRole('dialog', { name: `Leave ${groupName}?` });
  await dialog.getByRole('button', { name: 'Leave group' }).click();
  await expect(joinerPage.getByRole('button', { name: `Join Group: ${groupName}` })).toBeVisible();
  await expect(joinerPage.getByRole('list', { name: 'Members' })).toHaveCount(0);
  await joinerPage.context().close();

  // The last Owner may not leave: they are told to choose another Owner first.
  await page.goto(groupUrl);
  await page.getByRole('button', { name: 'Leave group' }).click();
  const ownerDialog = page.getByRole('dialog', { name: `Leave ${groupName}?` });
  await ownerDialog.getByRole('button', { name: 'Leave group' }).click();
  await expect(ownerDialog.getByText('Choose another Owner before you leave.')).toBeVisible();
});
