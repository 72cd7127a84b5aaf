import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { type Member, host, newMember, signInApi, signInPage } from './support/members';

/**
 * Links shared into a group (ADR 046): a Poster shares a page into their group from the group page;
 * Hearth reads and summarises it; another member of the group, on a phone in the dark theme with the
 * group's page already open, sees the card and then its summary arrive without a reload; a member of
 * another group never sees it.
 */

const ARTICLE_TITLE = 'Why allotment soil needs winter cover';
const ARTICLE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${ARTICLE_TITLE}</title></head>
<body>
<article>
<h1>${ARTICLE_TITLE}</h1>
<p>Bare soil loses more over a winter than most gardeners expect. Rain falling on an empty bed washes
fine particles and dissolved nutrients down and away, and the surface crusts once it dries in spring.</p>
<p>A cover crop such as field beans, winter rye or phacelia holds the soil with its roots. The leaves
break the force of the rain, and the roots keep channels open so water drains instead of pooling.</p>
<p>Green manures also feed the soil. Dug in or cut and left on the surface in spring, they return
nitrogen and organic matter, and the worms pull the remains down into the beds over a few weeks.</p>
<p>Where a cover crop is not possible, a thick mulch of leaves, straw or cardboard does much of the same
work. It keeps the surface soft, shelters beetles and spiders, and smothers weeds until planting time.</p>
<p>Gardeners who cover their beds every winter report crumblier soil, fewer weeds and earlier sowing,
and the habit costs little more than a packet of seed and an afternoon in October.</p>
</article>
</body>
</html>`;

let server: http.Server;
let articleUrl: string;

test.beforeAll(async () => {
  await host();
  server = http.createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://local').pathname === '/winter-cover') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  articleUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/winter-cover`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function created(response: APIResponse) {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

/** `member` asks to join the owner's group and is let in with `role`. */
async function join(ownerApi: APIRequestContext, member: Member, groupId: string, role: string) {
  const memberApi = await signInApi(member);
  const request = await created(
    await memberApi.post('/api/group_requests', { data: { group_request: { group_id: groupId } } }),
  );
  await created(
    await ownerApi.patch(`/api/group_requests/${request.id}`, {
      data: { group_request: { role, status: 'accepted' } },
    }),
  );
  return memberApi;
}

test('share a link into a group: its members see the card with its summary, another group’s member does not', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const owner = await newMember('owner');
  const sharer = await newMember('sharer');
  const reader = await newMember('reader');
  const outsider = await newMember('outsider');
  const ownerApi = await signInApi(owner);
  const groupName = `Allotment ${tag}`;
  const groupId = (
    await created(await ownerApi.post('/api/groups', { data: { group: { name: groupName } } }))
  ).id;
  await join(ownerApi, sharer, groupId, 'Poster');
  await join(ownerApi, reader, groupId, 'Commentor');
  // The outsider belongs to a group of their own, and shares a link into it (the positive control).
  const outsiderApi = await signInApi(outsider);
  const otherGroupId = (
    await created(await outsiderApi.post('/api/groups', { data: { group: { name: `Chess ${tag}` } } }))
  ).id;
  const ownNote = `Openings to study ${tag}`;
  await created(
    await outsiderApi.post('/api/links', {
      data: {
        url: `${articleUrl}?own=${tag}`,
        comment: ownNote,
        visibility: 'group',
        group_id: otherGroupId,
      },
    }),
  );

  // A member of the group, on a phone in the dark theme, has the group's page open already.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const readerPage = await phone.newPage();
  await signInPage(readerPage, reader);
  await readerPage.goto(`/group/${groupId}`);
  await expect(readerPage.getByText('No posts in this group yet')).toBeVisible();
  // The card must come without a reload: a marker set now would vanish with one.
  await readerPage.evaluate(() => {
    (window as unknown as { hearthNoReload: boolean }).hearthNoReload = true;
  });

  // The sharer starts from the group page: the form opens sharing into this group.
  await signInPage(page, sharer);
  await page.goto(`/group/${groupId}`);
  await page.getByRole('link', { name: 'Share a link' }).first().click();
  await expect(page).toHaveURL(/\/links\/new\?group_id=/);
  await expect(page.getByLabel('Visibility')).toHaveValue('group');
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue(groupId);
  await page.getByLabel('URL').fill(articleUrl);
  const note = `Before the frosts, everyone ${tag}`;
  await page.getByLabel('Comment').fill(note);
  await page.getByRole('button', { name: 'Add Link' }).click();
  await expect(page).toHaveURL(/\/links\/[0-9a-f-]{36}$/);
  const linkUrl = new URL(page.url()).pathname;
  await expect(page.getByText(`Shared in ${groupName}`)).toBeVisible();
  // Hearth reads it; the summary comes without a reload (a loaded machine gets the reading's budget).
  await expect(page.getByTestId('sentence-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: ARTICLE_TITLE, level: 1 })).toBeVisible();

  // The member's open page shows the card, then its title and summary, as Hearth reads it.
  const timeline = readerPage.getByRole('region', { name: 'Timeline' });
  const card = timeline.getByRole('article', { name: ARTICLE_TITLE });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(`Shared in ${groupName}`)).toBeVisible();
  await expect(card.getByText(note)).toBeVisible();
  await expect(card.locator('p', { hasText: /soil|cover|winter/i }).first()).toBeVisible();
  expect(
    await readerPage.evaluate(() => (window as unknown as { hearthNoReload?: boolean }).hearthNoReload),
  ).toBe(true);
  expect(await readerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(readerPage, 'group timeline with a shared link (phone, dark)');
  // The card opens the link by keyboard.
  await card.getByRole('link', { name: ARTICLE_TITLE }).focus();
  await readerPage.keyboard.press('Enter');
  await expect(readerPage).toHaveURL(new RegExp(`${linkUrl}$`));
  await expect(readerPage.getByRole('heading', { name: ARTICLE_TITLE, level: 1 })).toBeVisible();
  await phone.close();

  // A member of another group: their own group's link shows first (the positive control), this one never.
  const other = await (await browser.newContext()).newPage();
  await signInPage(other, outsider);
  await other.goto('/links');
  await expect(other.getByText(ownNote)).toBeVisible();
  await expect(other.getByText(note)).toHaveCount(0);
  await other.goto(linkUrl);
  await expect(other.getByText('Link not found')).toBeVisible();
  await expect(other.getByText(note)).toHaveCount(0);
  await other.goto(`/group/${groupId}`);
  await expect(other.getByText(`Posts in ${groupName} are for members`)).toBeVisible();
  await expect(other.getByText(note)).toHaveCount(0);
});
