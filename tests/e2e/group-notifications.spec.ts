import { type APIRequestContext, type APIResponse, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, type Member, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

async function created(response: APIResponse) {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

/** A group of `owner`'s that `member` joined as a Poster (their request accepted). */
async function groupWith(ownerApi: APIRequestContext, memberApi: APIRequestContext, name: string) {
  const groupId = (await created(await ownerApi.post('/api/groups', { data: { group: { name } } }))).id;
  const request = await created(
    await memberApi.post('/api/group_requests', { data: { group_request: { group_id: groupId } } }),
  );
  await created(
    await ownerApi.patch(`/api/group_requests/${request.id}`, {
      data: { group_request: { role: 'Poster', status: 'accepted' } },
    }),
  );
  return groupId;
}

/** Writes a post into the group through the New Post form, as a member would. */
async function writeInGroup(page: Page, groupId: string, title: string) {
  await page.goto(`/posts/new?group_id=${groupId}`);
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
}

const displayName = (member: Member) => `${member.firstName} ${member.lastName}`;

test('a post in my group lights the Inbox and the group’s unread count; Nothing silences the next one', async ({
  page,
  browser,
}) => {
  const owner = await newMember('owner');
  const member = await newMember('member');
  const ownerApi = await signInApi(owner);
  const memberApi = await signInApi(member);
  const tag = Date.now().toString(36);
  const climbing = `Climbing ${tag}`;
  const choir = `Choir ${tag}`;
  const climbingId = await groupWith(ownerApi, memberApi, climbing);
  const choirId = await groupWith(ownerApi, memberApi, choir);

  // The member has the app open, nothing unread (the two accepted requests read).
  expect((await memberApi.post('/api/notifications/read_all')).status()).toBe(200);
  await signInPage(page, member);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();

  // A second browser: the Owner writes in the group.
  const second = await browser.newContext();
  const ownerPage = await second.newPage();
  await signInPage(ownerPage, owner);
  const first = `Saturday at the crag ${tag}`;
  await writeInGroup(ownerPage, climbingId, first);

  // No reload: the Inbox badge comes live, and the switcher says the group has a new post.
  await expect(page.getByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible();
  const switcher = page.getByRole('button', { name: /Your groups/ });
  await expect(switcher).toHaveAccessibleName(/new posts in your groups/);
  await switcher.click();
  // (The item's parts are flex items, so the name reads "Climbing … , 1 new post".)
  await expect(page.getByRole('menuitem', { name: new RegExp(`^${climbing} ?, 1 new post$`) })).toBeVisible();
  await page.keyboard.press('Escape');

  // The groups list says it too; the group page says what is new and marks it read.
  await page.goto('/groups');
  await expect(page.getByRole('listitem').filter({ hasText: climbing })).toContainText('1 new post');
  await page.getByRole('link', { name: climbing }).click();
  await expect(page.getByText('1 new post since your last visit, newest first.')).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article', { name: first })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'group page with the notification setting and new posts');

  // The member chooses Nothing for this group (the default, All posts, is marked).
  const setting = page.getByRole('combobox', { name: 'Notifications' });
  await expect(setting).toHaveValue('all');
  await expect(setting.getByRole('option', { name: 'All posts (default)' })).toHaveCount(1);
  await setting.selectOption('nothing');
  await expect(setting).toHaveValue('nothing');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Notifications' })).toHaveValue('nothing');

  // The Owner writes again here, then in the choir (All posts). The choir's post is the positive
  // control: the fan-outs run in order, so once it has arrived the climbing one has been decided.
  const silenced = `Rope check ${tag}`;
  const control = `Rehearsal moved ${tag}`;
  await writeInGroup(ownerPage, climbingId, silenced);
  // The group page counts it live all the same: the setting concerns notifications, not the timeline.
  await expect(page.getByRole('button', { name: '1 new post' })).toBeVisible();
  await writeInGroup(ownerPage, choirId, control);
  await expect(page.getByRole('link', { name: 'Inbox, 2 unread' })).toBeVisible();

  await page.getByRole('link', { name: 'Inbox, 2 unread' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByText(`${displayName(owner)} posted in ${choir}: “${control}”`)).toBeVisible();
  await expect(page.getByText(`${displayName(owner)} posted in ${climbing}: “${first}”`)).toBeVisible();
  await expect(page.getByText(silenced)).toHaveCount(0);
  await second.close();
});

test('the group page’s setting at phone width, in the dark theme', async ({ browser }) => {
  const owner = await newMember('owner');
  const member = await newMember('member');
  const groupId = await groupWith(
    await signInApi(owner),
    await signInApi(member),
    `Allotment ${Date.now().toString(36)}`,
  );
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await phone.newPage();
  await signInPage(page, member);
  await page.goto(`/group/${groupId}`);
  const setting = page.getByRole('combobox', { name: 'Notifications' });
  await expect(setting).toBeVisible();
  await setting.selectOption('mentions');
  await expect(setting).toHaveValue('mentions');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, 'group page notification setting (phone, dark)');
  await phone.close();
});
