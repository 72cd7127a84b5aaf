import { type Browser, type Page, expect, test } from '@playwright/test';
import { type Member, host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** A second, separate browser session, as a second member would have. */
async function secondBrowser(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, member);
  return page;
}

test('a conversation: an @mention picked from the suggestions links to the profile, a reply, an edited post', async ({
  page,
  browser,
}) => {
  // Two members, two browsers and five screens: longer than one default journey.
  test.setTimeout(180_000);
  const ana = await newMember('ana');
  const ben = await newMember('ben');
  await signInPage(page, ana);

  const title = `Seed swap ${Date.now()}`;
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Who has tomato seeds?');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  const postUrl = page.url();

  // Ana types "@" and the start of Ben's username, and picks him from the list with the keyboard.
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.click();
  await box.pressSequentially(`Asking @${ben.username.slice(0, -1)}`);
  const option = page.getByRole('option', { name: new RegExp(`@${ben.username}`) });
  await expect(option).toBeVisible();
  // The textarea keeps its textbox role and names the list it fills.
  await expect(box).toHaveAttribute(
    'aria-controls',
    (await page.getByRole('listbox', { name: 'Members to mention' }).getAttribute('id'))!,
  );
  await option.click();
  await expect(box).toHaveValue(`Asking @${ben.username} `);
  await box.pressSequentially('do you?');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();

  const mention = page.getByRole('link', { name: `@${ben.username}` });
  await expect(mention).toBeVisible();
  await mention.click();
  await expect(page).toHaveURL(/\/profiles\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`${ben.firstName} ${ben.lastName}`).first()).toBeVisible();

  // Ben, in his own browser, replies to Ana's comment.
  const benPage = await secondBrowser(browser, ben);
  await benPage.goto(postUrl);
  const comment = benPage.getByRole('article', { name: `Comment by ${ana.firstName} ${ana.lastName}` });
  await comment.getByRole('button', { name: 'Reply' }).click();
  const replyBox = benPage.getByRole('textbox', { name: `Reply to ${ana.firstName} ${ana.lastName}` });
  await replyBox.fill('Yes, San Marzano!');
  await replyBox.press('Control+Enter');
  const replies = benPage.getByRole('list', { name: `Replies to ${ana.firstName} ${ana.lastName}` });
  await expect(replies.getByText('Yes, San Marzano!')).toBeVisible();

  // Ana sees the reply under her comment, then edits her post from its options menu.
  await page.goto(postUrl);
  await expect(page.getByRole('list', { name: /^Replies to / }).getByText('Yes, San Marzano!')).toBeVisible();
  await page.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Content').fill('Who has tomato or basil seeds?');
  await expect(page.getByText('30/2000')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(postUrl);
  await expect(page.getByText('Who has tomato or basil seeds?')).toBeVisible();
  await expect(page.getByTitle(/^Edited /).first()).toBeVisible();
});
