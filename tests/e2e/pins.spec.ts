import { type APIResponse, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

async function created(response: APIResponse) {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

test('an Owner pins a post; a member on a phone (dark theme) sees it pinned at the top of the group', async ({
  page,
  browser,
}) => {
  const owner = await newMember('owner');
  const member = await newMember('member');
  const ownerApi = await signInApi(owner);
  const memberApi = await signInApi(member);
  const tag = Date.now().toString(36);
  const groupId = (
    await created(await ownerApi.post('/api/groups', { data: { group: { name: `Choir ${tag}` } } }))
  ).id;
  const request = await created(
    await memberApi.post('/api/group_requests', { data: { group_request: { group_id: groupId } } }),
  );
  await created(
    await ownerApi.patch(`/api/group_requests/${request.id}`, {
      data: { group_request: { role: 'Poster', status: 'accepted' } },
    }),
  );
  const rules = `Rehearsal rules ${tag}`;
  const news = `Concert news ${tag}`;
  await created(
    await memberApi.post('/api/posts', { data: { post: { tldr: rules, content: '', group_id: groupId } } }),
  );
  await created(
    await memberApi.post('/api/posts', { data: { post: { tldr: news, content: '', group_id: groupId } } }),
  );

  // The Owner pins the older post from its card's menu.
  await signInPage(page, owner);
  await page.goto(`/group/${groupId}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const card = timeline.getByRole('article', { name: rules });
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Pin to group' }).click();
  await expect(page.getByText('Post pinned to the top of the group.')).toBeVisible();
  await expect(card.getByText('Pinned', { exact: true })).toBeVisible();
  const ownerPins = page.getByRole('region', { name: 'Pinned' });
  await expect(ownerPins.getByRole('article', { name: rules })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'group page with a pinned post (desktop, light)');

  // A member, at phone width, sees it first: the pinned section above the timeline, marked.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const memberPage = await phone.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto(`/group/${groupId}`);
  const pins = memberPage.getByRole('region', { name: 'Pinned' });
  await expect(pins.getByRole('article', { name: rules })).toBeVisible();
  await expect(pins.getByRole('article', { name: rules }).getByText('Pinned', { exact: true })).toBeVisible();
  await expect(pins.getByRole('article', { name: news })).toHaveCount(0);
  const headings = await memberPage.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf('Pinned')).toBeLessThan(headings.indexOf('Timeline'));
  expect(headings.indexOf('Pinned')).toBeGreaterThanOrEqual(0);
  // Nothing spills sideways on a phone, and the dark theme keeps the marker readable.
  expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(memberPage, 'group page with a pinned post (phone, dark)');
  // A Poster (here its author) is offered no pin.
  await pins.getByRole('article', { name: rules }).getByRole('button', { name: 'Post options' }).click();
  await expect(memberPage.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(memberPage.getByRole('menuitem', { name: /Pin/ })).toHaveCount(0);
  await phone.close();

  // The Owner unpins; the section goes.
  await ownerPins.getByRole('article', { name: rules }).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Unpin' }).click();
  await expect(page.getByText('Post unpinned.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pinned' })).toHaveCount(0);
});
