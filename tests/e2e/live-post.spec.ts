import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { type Member, host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** A separate browser session, as another member would have, on the post's page. */
async function openAs(browser: Browser, member: Member, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, member);
  await page.goto(path);
  return page;
}

async function userId(api: APIRequestContext): Promise<string> {
  const response = await api.get('/api/auth');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

test('an open post follows the conversation live: comments, a reply, an edit, a deletion and likes, never from a blocked member', async ({
  page,
  browser,
}) => {
  // Three members, three browsers, a dozen live changes: longer than one default journey.
  test.setTimeout(240_000);
  const ana = await newMember('ana');
  const ben = await newMember('ben');
  const cy = await newMember('cy');
  const anaApi = await signInApi(ana);
  const created = await anaApi.post('/api/posts', {
    data: { post: { tldr: `Picnic on Sunday ${Date.now()}`, content: 'Who brings what?' } },
  });
  expect(created.status()).toBe(201);
  const postPath = `/post/${((await created.json()) as { id: string }).id}`;
  // Ben blocked Cy: neither hears of the other's doing.
  const benApi = await signInApi(ben);
  const blocked = await benApi.post('/api/blocks', { data: { user_id: await userId(await signInApi(cy)) } });
  expect(blocked.status()).toBe(201);

  // Ana and Cy have the post open; a marker on Ana's page shows it is never reloaded.
  await signInPage(page, ana);
  await page.goto(postPath);
  await expect(page.getByRole('button', { name: /0 likes/ })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const anaComments = page.getByRole('region', { name: /Comments/ });
  // Ana's half-written comment must survive everything below.
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Half a thought');
  const cyPage = await openAs(browser, cy, postPath);
  await expect(cyPage.getByText('No comments yet. Start the conversation!')).toBeVisible();

  // Ben comments in his own browser: Ana sees it arrive, counted and announced.
  const benPage = await openAs(browser, ben, postPath);
  await benPage.getByRole('textbox', { name: 'Add a comment' }).fill('I will bring lemonade');
  await benPage.getByRole('button', { name: 'Comment', exact: true }).click();
  const benComment = page.getByRole('article', { name: `Comment by ${fullName(ben)}` });
  await expect(benComment.getByText('I will bring lemonade')).toBeVisible();
  await expect(anaComments.getByRole('heading', { name: /Comments/ })).toContainText('1');
  await expect(page.getByTestId('comments-announcer')).toHaveText(
    `New comment from ${fullName(ben)}: I will bring lemonade`,
  );
  // His own page shows it once (his answer and the live event both brought it).
  await expect(benPage.getByRole('article', { name: `Comment by ${fullName(ben)}` })).toHaveCount(1);

  // A reply to his comment lands under it.
  await benPage
    .getByRole('article', { name: `Comment by ${fullName(ben)}` })
    .getByRole('button', { name: 'Reply' })
    .click();
  const replyBox = benPage.getByRole('textbox', { name: `Reply to ${fullName(ben)}` });
  await replyBox.fill('And cups');
  await replyBox.press('Control+Enter');
  const anaReplies = page.getByRole('list', { name: `Replies to ${fullName(ben)}` });
  await expect(anaReplies.getByText('And cups')).toBeVisible();
  await expect(anaComments.getByRole('heading', { name: /Comments/ })).toContainText('2');

  // He edits the comment: Ana sees the new words in place.
  const benTop = benPage.getByRole('article', { name: `Comment by ${fullName(ben)}` }).first();
  await benTop.getByRole('button', { name: 'Edit comment' }).click();
  const editBox = benPage.getByRole('textbox', { name: 'Edit comment' });
  await editBox.fill('I will bring lemonade and ice');
  await benPage.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('I will bring lemonade and ice')).toBeVisible();
  await expect(page.getByText('I will bring lemonade', { exact: true })).toHaveCount(0);

  // He likes the post: Ana's count moves, her own like stays hers (not pressed).
  await benPage.getByRole('button', { name: /0 likes/ }).click();
  await expect(page.getByRole('button', { name: /1 like$/ })).toHaveAttribute('aria-pressed', 'false');

  // He deletes his reply: it leaves Ana's page.
  await benPage
    .getByRole('list', { name: `Replies to ${fullName(ben)}` })
    .getByRole('button', { name: 'Delete comment' })
    .click();
  await benPage.getByRole('dialog').getByRole('button', { name: 'Delete comment' }).click();
  await expect(anaReplies.getByText('And cups')).toHaveCount(0);
  await expect(anaComments.getByRole('heading', { name: /Comments/ })).toContainText('1');

  // The positive control for Cy: Ana's comment, written after all of Ben's doing, reaches her.
  const anaBox = page.getByRole('textbox', { name: 'Add a comment' });
  await expect(anaBox).toHaveValue('Half a thought');
  await anaBox.fill('Half a thought, finished');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(
    cyPage
      .getByRole('article', { name: `Comment by ${fullName(ana)}` })
      .getByText('Half a thought, finished'),
  ).toBeVisible();
  // Nothing of Ben's reached Cy: his comment, reply or edit (the counts of Ana's comment include
  // his, as a reload's would: ADR 047).
  await expect(cyPage.getByRole('article', { name: `Comment by ${fullName(ben)}` })).toHaveCount(0);
  await expect(cyPage.getByText(/lemonade|And cups/)).toHaveCount(0);

  // Ana never reloaded.
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await Promise.all([anaApi.dispose(), benApi.dispose()]);
});
