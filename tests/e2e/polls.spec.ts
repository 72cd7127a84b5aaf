import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** A `datetime-local` value (the browser's own zone) two minutes from now, to the minute. */
function inTwoMinutes(): string {
  const at = new Date(Date.now() + 2 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('a poll’s life: the author adds it to a post, a member on a phone votes and changes the vote, results show after voting, then it closes', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const author = await newMember('pollster');
  const voter = await newMember('voter');
  const title = `Where do we meet? ${Date.now().toString(36)}`;

  // The author writes the post on a desktop, its title being the question, and adds a poll.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPage(page, author);
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Add poll' }).click();
  const fields = page.getByRole('group', { name: 'Poll' });
  await fields.getByRole('textbox', { name: 'Option 1' }).fill('Park');
  await fields.getByRole('textbox', { name: 'Option 2' }).fill('Library');
  await fields.getByRole('button', { name: 'Add option' }).click();
  await fields.getByRole('textbox', { name: 'Option 3' }).fill('Café');
  await fields.getByLabel('Closes (optional)').fill(inTwoMinutes());
  await expectNoSeriousA11yViolations(page, 'composer with a poll (desktop)');
  await page.screenshot({ path: 'test-results/polls-composer-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const postPath = new URL(page.url()).pathname;
  const authorPoll = page.getByRole('region', { name: 'Poll' });
  await expect(authorPoll.getByRole('group', { name: 'Choose one' })).toBeVisible();
  await expect(authorPoll.getByText('0 votes')).toBeVisible();
  await expect(authorPoll.getByText(/^Closes in \d+ minutes?$/)).toBeVisible();

  // A second member, on a phone, finds the card in the timeline and votes from it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const voterPage = await phone.newPage();
  await signInPage(voterPage, voter);
  await voterPage.goto('/posts/new');
  await voterPage.getByRole('button', { name: 'Add poll' }).click();
  await noSideScroll(voterPage, 390);
  await voterPage.screenshot({ path: 'test-results/polls-composer-phone.png', fullPage: true });
  await voterPage.goto('/dashboard');
  const card = voterPage.getByRole('article', { name: title });
  const cardPoll = card.getByRole('region', { name: 'Poll' });
  await cardPoll.getByRole('radio', { name: 'Library' }).check();
  await cardPoll.getByRole('button', { name: 'Vote' }).click();
  await expect(cardPoll.getByText('100% · 1 vote')).toBeVisible();
  await expect(cardPoll.getByText('1 vote', { exact: true })).toBeVisible();
  // Voting did not open the post: the card stays in the timeline.
  await expect(voterPage).toHaveURL(/\/dashboard$/);
  await noSideScroll(voterPage, 390);
  await voterPage.screenshot({ path: 'test-results/polls-card-phone.png' });
  await expectNoSeriousA11yViolations(voterPage, 'timeline with a voted poll (phone)');

  // The author's open page hears of the vote (the live stream), but sees no counts before voting.
  await expect(authorPoll.getByText('1 vote', { exact: true })).toBeVisible();
  await expect(authorPoll.getByRole('group', { name: 'Choose one' })).toBeVisible();

  // The member changes their vote by keyboard, on the post's page.
  await voterPage.goto(postPath);
  const pagePoll = voterPage.getByRole('region', { name: 'Poll' });
  await pagePoll.getByRole('button', { name: 'Change vote' }).click();
  await pagePoll.getByRole('radio', { name: 'Park' }).focus();
  await voterPage.keyboard.press('Space');
  await pagePoll.getByRole('button', { name: 'Vote' }).focus();
  await voterPage.keyboard.press('Enter');
  await expect(pagePoll.getByRole('listitem').filter({ hasText: 'Park' })).toContainText('100% · 1 vote');
  await expect(pagePoll.getByRole('listitem').filter({ hasText: 'Library' })).toContainText('0% · 0 votes');
  await voterPage.screenshot({ path: 'test-results/polls-post-phone.png', fullPage: true });

  // When its closing time passes, the author's open page shows it closed, its results shown to them too.
  const closed = page.getByRole('region', { name: 'Poll' });
  await expect(closed.getByText('Closed')).toBeVisible({ timeout: 180_000 });
  await expect(closed.getByRole('listitem').filter({ hasText: 'Park' })).toContainText('100% · 1 vote');
  await expect(closed.getByRole('button', { name: 'Vote' })).toHaveCount(0);
  // The poll is not anonymous: who chose what shows once opened.
  await closed.getByText('Who voted').click();
  await expect(closed.getByRole('link', { name: `${voter.firstName} ${voter.lastName}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/polls-closed-desktop.png', fullPage: true });
  await expectNoSeriousA11yViolations(page, 'closed poll (desktop)');
  await phone.close();
});
