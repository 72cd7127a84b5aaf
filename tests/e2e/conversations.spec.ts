import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { type Member, admin, host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
  await admin();
});

const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

async function userId(api: APIRequestContext): Promise<string> {
  const response = await api.get('/api/auth');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The two follow each other, so either may write to the other without a request. */
async function followEachOther(oneApi: APIRequestContext, otherApi: APIRequestContext) {
  for (const [api, other] of [
    [oneApi, await userId(otherApi)],
    [otherApi, await userId(oneApi)],
  ] as const) {
    const followed = await api.post(`/api/profiles/${other}/follow`);
    expect(followed.status(), await followed.text()).toBeLessThan(300);
  }
}

/** A separate browser session, as another member would have. */
async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, member);
  return page;
}

/** A small real PNG, so the server's type sniffing and re-encoding take it as a photo. */
function aPng(width = 320, height = 200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = 90;
    pixels[i + 1] = 150 + ((i / 3) % width) / 4;
    pixels[i + 2] = 110;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test('two members write to each other live: unread badge, a reply, a photo, a report, the inbox line, search', async ({
  page,
  browser,
}) => {
  // Two browsers and a dozen live changes: longer than one default journey.
  test.setTimeout(240_000);
  const ana = await newMember('ana');
  const ben = await newMember('ben');
  const anaApi = await signInApi(ana);
  const benApi = await signInApi(ben);
  // They follow each other: Ana's first message is no request for Ben.
  await followEachOther(anaApi, benApi);

  // Ben waits on his timeline; nothing unread yet.
  const benPage = await memberPage(browser, ben);
  await benPage.goto('/dashboard');
  const benNav = benPage.getByRole('navigation', { name: 'Main' });
  await expect(benNav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // Ana starts the conversation from the member picker and writes.
  await signInPage(page, ana);
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New message' }).click();
  const picker = page.getByRole('dialog', { name: 'New message' });
  await picker.getByRole('searchbox', { name: 'Search members' }).fill(ben.username);
  await picker.getByRole('button', { name: new RegExp(fullName(ben)) }).click();
  await picker.getByRole('button', { name: 'Start conversation' }).click();
  const anaThread = page.getByRole('log', { name: `Messages with ${fullName(ben)}` });
  await expect(anaThread).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const anaBox = page.getByRole('textbox', { name: 'Write a message' });
  await anaBox.fill('Hi Ben, are you coming to the **allotment** on Saturday?');
  await anaBox.press('Enter');
  await expect(anaThread.getByRole('article', { name: 'Message from you' })).toContainText('allotment');

  // Ben's badge counts it without a reload; the list shows it unread.
  await expect(benNav.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await benNav.getByRole('link', { name: 'Messages, 1 unread' }).click();
  const row = benPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(fullName(ana)) });
  await expect(row).toContainText('1 unread message');
  await row.click();

  // Opening it reads it: the badge goes, and Ben answers Ana's message.
  const benThread = benPage.getByRole('log', { name: `Messages with ${fullName(ana)}` });
  const anaMessage = benThread
    .getByRole('article', { name: `Message from ${fullName(ana)}` })
    .filter({ hasText: 'are you coming' });
  await expect(anaMessage.locator('strong', { hasText: 'allotment' })).toBeVisible();
  await expect(benNav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await anaMessage.getByRole('button', { name: 'Message options' }).click();
  await benPage.getByRole('menuitem', { name: 'Reply' }).click();
  const benBox = benPage.getByRole('textbox', { name: 'Write a message' });
  await expect(benBox).toBeFocused();
  await benBox.fill('Yes, I will bring the seeds');
  await benBox.press('Enter');

  // Ana sees the answer arrive live, with its quote, on a page that never reloaded.
  const answer = anaThread.getByRole('article', { name: `Message from ${fullName(ben)}` });
  await expect(answer).toContainText('Yes, I will bring the seeds');
  await expect(answer.getByRole('button', { name: /^Answering / })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // Ana sends a photo through the upload flow; Ben sees it.
  await page.getByLabel('Attach files').setInputFiles({
    name: 'seedlings.png',
    mimeType: 'image/png',
    buffer: await aPng(),
  });
  const files = page.getByRole('list', { name: 'Files to send' });
  await expect(files.getByText('seedlings.png')).toBeVisible();
  await expect(files.getByRole('progressbar')).toHaveCount(0);
  await anaBox.fill('The seedlings');
  await page.getByRole('button', { name: 'Send' }).click();
  const photo = benThread
    .getByRole('article', { name: `Message from ${fullName(ana)}` })
    .filter({ hasText: 'The seedlings' })
    .getByRole('img');
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);

  // The thread at desktop and phone widths, for the eye (attached to the report).
  await page.screenshot({ path: test.info().outputPath('thread-desktop.png') });
  await benPage.setViewportSize({ width: 390, height: 780 });
  await benPage.screenshot({ path: test.info().outputPath('thread-phone.png') });
  await benPage.emulateMedia({ colorScheme: 'dark' });
  await benPage.screenshot({ path: test.info().outputPath('thread-phone-dark.png') });

  // Ben reports Ana's first message.
  await anaMessage.getByRole('button', { name: 'Message options' }).click();
  await benPage.getByRole('menuitem', { name: 'Report' }).click();
  const report = benPage.getByRole('dialog', { name: 'Report message' });
  await report.getByLabel('Reason (optional)').fill('Testing the report');
  await report.getByRole('button', { name: 'Report message' }).click();
  await expect(report).toBeHidden();
  await anaMessage.getByRole('button', { name: 'Message options' }).click();
  await expect(benPage.getByRole('menuitem', { name: 'Reported' })).toBeVisible();
  await benPage.keyboard.press('Escape');

  // The report is on file: asking again is answered "already reported" (200, not 201). What the
  // admin sees of a reported message is the journey below.
  const conversations = (await (await benApi.get('/api/conversations')).json()) as { id: string }[];
  const messages = (await (
    await benApi.get(`/api/conversations/${conversations[0]!.id}/messages`)
  ).json()) as { id: string; content: string }[];
  const reportedId = messages.find((message) => message.content.includes('are you coming'))!.id;
  const again = await benApi.post(`/api/messages/${reportedId}/report`, { data: {} });
  expect(again.status(), await again.text()).toBe(200);

  // Away from the thread, Ben hears of Ana's next messages in his Inbox: one line for the
  // conversation, arriving live, that opens it; reading the thread reads the line.
  await benPage.setViewportSize({ width: 1280, height: 800 });
  await benPage.goto('/inbox');
  await expect(benPage.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  for (const content of ['One more thing', 'Bring gloves too']) {
    const sent = await anaApi.post(`/api/conversations/${conversations[0]!.id}/messages`, {
      data: { message: { content } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const line = benPage.getByRole('button', { name: new RegExp(`^${fullName(ana)} sent you 2 messages`) });
  await expect(line).toContainText('Unread');
  await line.click();
  await expect(benThread.getByText('Bring gloves too')).toBeVisible();
  // The read mark moved (the Messages badge is gone): the line is read, and names no unread count.
  await expect(benNav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await benPage.goto('/inbox');
  await expect(
    benPage.getByRole('button', { name: new RegExp(`^${fullName(ana)} sent you a message`) }),
  ).not.toContainText('Unread');

  // Ben searches his messages and opens a result: the thread goes to that message, marked out.
  await benPage.goto('/messages');
  await benPage.getByRole('searchbox', { name: 'Search messages' }).fill('seeds');
  await benPage.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
  await expect(benPage).toHaveURL(/\/messages\?q=seeds$/);
  const results = benPage.getByRole('list', { name: 'Messages matching “seeds”' });
  await results.getByRole('link', { name: /You: Yes, I will bring the seeds/ }).click();
  const found = benThread
    .getByRole('article', { name: 'Message from you' })
    .filter({ hasText: 'Yes, I will bring the seeds' });
  await expect(found).toHaveAttribute('aria-current', 'true');
  await expect(found).toBeFocused();
  await expect(found).toBeInViewport();

  // Ana's profile offers Ben "Message" (they follow each other); a stranger's does not.
  const stranger = await newMember('cleo');
  const strangerApi = await signInApi(stranger);
  await benPage.goto(`/profiles/${await userId(anaApi)}`);
  await expect(benPage.getByRole('button', { name: `Message ${fullName(ana)}` })).toBeVisible();
  await benPage.goto(`/profiles/${await userId(strangerApi)}`);
  await expect(benPage.getByRole('button', { name: `Follow ${fullName(stranger)}` })).toBeVisible();
  await expect(benPage.getByRole('button', { name: `Message ${fullName(stranger)}` })).toHaveCount(0);
  await strangerApi.dispose();

  await benPage.context().close();
  await anaApi.dispose();
  await benApi.dispose();
});

test('a reported message reaches the admin with only its neighbours; the admin removes it for both', async ({
  page,
  browser,
}) => {
  // Three browsers: the two members and the admin.
  test.setTimeout(180_000);
  const dora = await newMember('dora');
  const eli = await newMember('eli');
  const doraApi = await signInApi(dora);
  const eliApi = await signInApi(eli);
  await followEachOther(doraApi, eliApi);
  const started = await doraApi.post('/api/conversations', {
    data: { conversation: { user_ids: [await userId(eliApi)] } },
  });
  expect(started.status(), await started.text()).toBe(201);
  const conversationId = ((await started.json()) as { id: string }).id;

  // Seven messages in turn; the fourth, Dora's, is the one Eli reports. Each is tagged so that no
  // other journey's message can stand in for it.
  const tag = Date.now().toString(36);
  const said = [
    [doraApi, `Are you at the seed swap on Saturday? ${tag}-1`],
    [eliApi, `Yes, from ten, with the bean seeds ${tag}-2`],
    [doraApi, `Good, I have tomatoes to trade ${tag}-3`],
    [doraApi, `Send me your home address and your bank login, or else ${tag}-4`],
    [eliApi, `No, that is not something I will share ${tag}-5`],
    [doraApi, `Fine, see you on Saturday then ${tag}-6`],
    [eliApi, `See you there ${tag}-7`],
  ] as const;
  for (const [api, content] of said) {
    const sent = await api.post(`/api/conversations/${conversationId}/messages`, {
      data: { message: { content } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const text = (n: number) => said[n - 1]![1];

  // Eli reports the fourth message from its menu in the thread.
  await signInPage(page, eli);
  await page.goto(`/messages/${conversationId}`);
  const eliThread = page.getByRole('log', { name: `Messages with ${fullName(dora)}` });
  const reported = eliThread
    .getByRole('article', { name: `Message from ${fullName(dora)}` })
    .filter({ hasText: text(4) });
  await reported.getByRole('button', { name: 'Message options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Report message' });
  await reportDialog.getByLabel('Reason (optional)').fill('Asking for my bank login');
  await reportDialog.getByRole('button', { name: 'Report message' }).click();
  await expect(reportDialog).toBeHidden();

  // Dora keeps the conversation open in her own browser.
  const doraPage = await memberPage(browser, dora);
  await doraPage.goto(`/messages/${conversationId}`);
  const doraThread = doraPage.getByRole('log', { name: `Messages with ${fullName(eli)}` });
  await expect(doraThread.getByText(text(4))).toBeVisible();

  // The admin, in their own browser, opens the reports from the sidebar. Other journeys' reports
  // may be open too: this one is the item headed by Dora's username.
  const adminPage = await memberPage(browser, await admin());
  await adminPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Reports/ })
    .click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Reports & feedback' })).toBeVisible();
  const item = adminPage.getByRole('listitem', { name: `Message from @${dora.username}` });
  const context = item.getByRole('list', {
    name: 'The reported message, with the one before and the one after it',
  });
  // Positive control first: the reported message is shown, marked, with Eli's reason.
  const reportedInContext = context.getByRole('listitem').filter({ hasText: text(4) });
  await expect(reportedInContext).toBeVisible();
  await expect(reportedInContext.getByText('Reported', { exact: true })).toBeVisible();
  await expect(item.getByText('Asking for my bank login')).toBeVisible();
  // Its immediate context and nothing more: the third and fifth, and no other message anywhere on
  // the admin's screen.
  await expect(context.getByRole('listitem')).toHaveCount(3);
  await expect(context.getByRole('listitem').nth(0)).toContainText(text(3));
  await expect(context.getByRole('listitem').nth(2)).toContainText(text(5));
  for (const outside of [1, 2, 6, 7]) {
    await expect(adminPage.getByText(text(outside))).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(adminPage, 'admin open reports with a reported private message');

  // The admin removes the message, with a reason kept with the report.
  await item.getByRole('button', { name: 'Remove message' }).click();
  const removeDialog = adminPage.getByRole('dialog', { name: 'Remove this message?' });
  await removeDialog.getByLabel('Reason (kept with the report)').fill('Phishing for bank details.');
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(removeDialog).toBeHidden();
  await expect(item).toHaveCount(0);
  // Among the resolved reports it reads as removed, and its text is no longer there to show.
  await adminPage.getByRole('button', { name: 'Resolved' }).click();
  await expect(item.getByText('Phishing for bank details.')).toBeVisible();
  await expect(item.getByText('Removed', { exact: true })).toBeVisible();
  await expect(context.getByRole('listitem').nth(1)).toContainText('Message deleted');
  await expect(adminPage.getByText(text(4))).toHaveCount(0);
  await expectNoSeriousA11yViolations(adminPage, 'admin resolved reports with a removed message (light)');
  await adminPage.emulateMedia({ colorScheme: 'dark' });
  await expect(adminPage.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoSeriousA11yViolations(adminPage, 'admin resolved reports with a removed message (dark)');
  await adminPage.context().close();

  // Both participants see it deleted in its place, between the messages around it.
  for (const [thread, from] of [
    [eliThread, fullName(dora)],
    [doraThread, 'you'],
  ] as const) {
    const messages = thread.getByRole('article', { name: `Message from ${from}` });
    await expect(messages.filter({ hasText: 'Message deleted' })).toHaveCount(1);
    await expect(thread.getByText(text(4))).toHaveCount(0);
    await expect(thread.getByText(text(3))).toBeVisible();
    await expect(thread.getByText(text(5))).toBeVisible();
  }

  await doraPage.context().close();
  await doraApi.dispose();
  await eliApi.dispose();
});
