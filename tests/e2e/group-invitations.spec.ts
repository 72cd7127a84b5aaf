import { type Browser, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { type Member, host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, member);
  return page;
}

async function createGroup(page: Page, name: string): Promise<string> {
  await page.goto('/groups/new');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

test('an Owner invites a member by name, who accepts in the Inbox and arrives as Moderator', async ({
  page,
  browser,
}) => {
  const owner = await newMember('inviter');
  const invitee = await newMember('invitee');
  const groupName = `Allotment ${Date.now().toString(36)}`;

  await signInPage(page, owner);
  const groupId = await createGroup(page, groupName);

  // Invite people: find the member by name, choose their role, send.
  await page.goto(`/groups/edit/${groupId}`);
  const form = page.getByRole('form', { name: 'Invite people' });
  await form.getByLabel('Name or email').fill(invitee.username.slice(0, 8));
  await form
    .getByRole('list', { name: 'Matching members' })
    .getByRole('button', { name: new RegExp(fullName(invitee)) })
    .click();
  await form.getByLabel('Role').selectOption('Moderator');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText(`Invitation sent to ${fullName(invitee)}.`)).toBeVisible();

  // The invitee, in a second browser, accepts from the Inbox.
  const inviteePage = await memberPage(browser, invitee);
  await inviteePage.goto('/inbox');
  const invitations = inviteePage.getByRole('list', { name: 'Group invitations' });
  await expect(invitations.getByText(groupName)).toBeVisible();
  await invitations
    .getByRole('button', { name: `Accept: ${fullName(owner)} invited you to join ${groupName} as Moderator` })
    .click();
  await expect(inviteePage.getByText(`You joined ${groupName}.`)).toBeVisible();

  // They are in the group now, as Moderator, and see it as a member.
  await inviteePage.goto(`/group/${groupId}`);
  await expect(inviteePage.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(inviteePage.getByRole('button', { name: `Join Group: ${groupName}` })).toHaveCount(0);
  await inviteePage.context().close();

  await page.goto(`/groups/edit/${groupId}`);
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('link', { name: fullName(invitee) })).toBeVisible();
});

test('an Owner shares a group link; a signed-out member signs in first and joins through it', async ({
  page,
  browser,
}) => {
  const owner = await newMember('linker');
  const joiner = await newMember('follower');
  const groupName = `Night Walks ${Date.now().toString(36)}`;

  await signInPage(page, owner);
  const groupId = await createGroup(page, groupName);
  await page.goto(`/groups/edit/${groupId}`);
  await expect(page.getByText('The link is off.')).toBeVisible();
  await page.getByLabel('Expires after').selectOption('1');
  await page.getByLabel('Use limit').fill('3');
  await page.getByRole('button', { name: 'Make link' }).click();
  const linkField = page.getByLabel('Group link');
  await expect(linkField).toHaveValue(/\/join\/[A-Za-z0-9_-]+$/);
  const url = new URL(await linkField.inputValue());

  // Someone signed out is sent to sign in first, and comes back to the link.
  const joinerPage = await (await browser.newContext()).newPage();
  await joinerPage.goto(url.pathname);
  await expect(joinerPage).toHaveURL(/\/signin/);
  await joinerPage.getByLabel('Email').fill(joiner.email);
  await joinerPage.getByLabel('Password', { exact: true }).fill(joiner.password);
  await joinerPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(joinerPage).toHaveURL(new RegExp(`${url.pathname}$`));
  await expect(joinerPage.getByRole('heading', { name: `Join ${groupName}` })).toBeVisible();
  await joinerPage.getByRole('button', { name: 'Join group' }).click();
  await expect(joinerPage).toHaveURL(new RegExp(`/group/${groupId}$`));
  await expect(joinerPage.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(joinerPage.getByRole('button', { name: `Join Group: ${groupName}` })).toHaveCount(0);

  // The Owner turns the link off: it now reads like any unknown link.
  await page.reload();
  await expect(page.getByText(/used 1 of 3/)).toBeVisible();
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('The link is off.')).toBeVisible();
  await joinerPage.goto(url.pathname);
  await expect(joinerPage.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await joinerPage.context().close();
});

test('the invite screens at phone width in the dark theme: reachable, labelled, no serious axe findings', async ({
  browser,
}) => {
  const owner = await newMember('phoneowner');
  const invitee = await newMember('phoneguest');
  const groupName = `Phone Club ${Date.now().toString(36)}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signInPage(page, owner);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const groupId = await createGroup(page, groupName);
  await page.goto(`/groups/edit/${groupId}`);
  await expect(page.getByRole('form', { name: 'Invite people' })).toBeVisible();
  await page.getByRole('button', { name: 'Make link' }).click();
  await expect(page.getByLabel('Group link')).toBeVisible();
  // Nothing spills sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, 'edit group: invite people and group link (phone, dark)');

  const form = page.getByRole('form', { name: 'Invite people' });
  await form.getByLabel('Name or email').fill(invitee.username.slice(0, 8));
  await form
    .getByRole('list', { name: 'Matching members' })
    .getByRole('button', { name: new RegExp(fullName(invitee)) })
    .click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText(`Invitation sent to ${fullName(invitee)}.`)).toBeVisible();
  const inviteeContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
  });
  const inviteePage = await inviteeContext.newPage();
  await signInPage(inviteePage, invitee);
  await inviteePage.goto('/inbox');
  const accept = inviteePage.getByRole('button', { name: new RegExp(`^Accept: .*${groupName}`) });
  await expect(accept).toBeVisible();
  // Keyboard: the answer buttons are reachable and work with Enter.
  await accept.focus();
  await inviteePage.keyboard.press('Enter');
  await expect(inviteePage.getByText(`You joined ${groupName}.`)).toBeVisible();
  expect(await inviteePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(inviteePage, 'inbox: group invitations (phone, dark)');
  await context.close();
  await inviteeContext.close();
});
