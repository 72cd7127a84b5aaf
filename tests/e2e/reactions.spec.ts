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

test('a member reacts on a card and on a comment, sees who reacted, and takes a reaction back', async ({
  page,
  browser,
}) => {
  const author = await newMember('author');
  const reader = await newMember('reader');
  const authorApi = await signInApi(author);
  const tag = Date.now().toString(36);
  const title = `Harvest supper ${tag}`;
  const post = await created(
    await authorApi.post('/api/posts', { data: { post: { tldr: title, content: '' } } }),
  );
  await created(
    await authorApi.post(`/api/posts/${post.id}/comments`, {
      data: { comment: { content: `Bring a dish ${tag}` } },
    }),
  );

  // On the timeline: the card's picker, with the mouse.
  await signInPage(page, reader);
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Add a reaction to this post' }).click();
  await page
    .getByRole('group', { name: 'Choose a reaction' })
    .getByRole('button', { name: 'Celebrate' })
    .click();
  const celebrate = card.getByRole('button', { name: 'Celebrate: 1 reaction' });
  await expect(celebrate).toHaveAttribute('aria-pressed', 'true');
  await expect(celebrate).toHaveText('🎉1');

  // On the post page: the count is there, and the comment's picker works from the keyboard.
  await page.goto(`/post/${post.id}`);
  const reactions = page.getByRole('group', { name: 'Reactions to this post' });
  await expect(reactions.getByRole('button', { name: 'Celebrate: 1 reaction' })).toBeVisible();
  const commentItem = page.getByRole('listitem').filter({ hasText: `Bring a dish ${tag}` });
  const commentPicker = commentItem.getByRole('button', { name: 'Add a reaction to this comment' });
  await commentPicker.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('group', { name: 'Choose a reaction' }).getByRole('button', { name: 'Thumbs up' }),
  ).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const heart = commentItem.getByRole('button', { name: 'Heart: 1 reaction' });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(commentPicker).toBeFocused();

  // Who reacted to the post: the reader, by name.
  await reactions.getByRole('button', { name: 'Who reacted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Who reacted' });
  await expect(dialog.getByRole('region', { name: /Celebrate · 1/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: `${reader.firstName} ${reader.lastName}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'who reacted dialog (desktop, light)');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The author, in a browser of their own at phone width in the dark theme, sees both counts.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const authorPage = await phone.newPage();
  await signInPage(authorPage, author);
  await authorPage.goto(`/post/${post.id}`);
  const authorReactions = authorPage.getByRole('group', { name: 'Reactions to this post' });
  await expect(authorReactions.getByRole('button', { name: 'Celebrate: 1 reaction' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(
    authorPage
      .getByRole('listitem')
      .filter({ hasText: `Bring a dish ${tag}` })
      .getByRole('button', { name: 'Heart: 1 reaction' }),
  ).toBeVisible();
  await authorReactions.getByRole('button', { name: 'Add a reaction to this post' }).click();
  await expect(authorPage.getByRole('group', { name: 'Choose a reaction' })).toBeVisible();
  expect(await authorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(authorPage, 'post page with reactions and the picker (phone, dark)');
  await authorPage.keyboard.press('Escape');
  await phone.close();

  // The reader takes the post's reaction back: its chip goes, here and on the server.
  await reactions.getByRole('button', { name: 'Celebrate: 1 reaction' }).click();
  await expect(reactions.getByRole('button', { name: /Celebrate/ })).toHaveCount(0);
  await expect(reactions.getByRole('button', { name: 'Who reacted' })).toHaveCount(0);
  const readerApi = await signInApi(reader);
  const after = await readerApi.get(`/api/posts/${post.id}`);
  expect(((await after.json()) as { reactions: unknown[] }).reactions).toEqual([]);
  // The comment's reaction stays.
  await expect(heart).toBeVisible();
});
