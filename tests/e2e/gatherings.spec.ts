import { type APIResponse, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

async function created(response: APIResponse) {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string };
}

/**
 * A new organiser's group (named `group` and this run's tag, so a retry's never mixes in) and a
 * second new member who asked to join and was accepted with `role`, both signed in for API calls.
 */
async function groupWithSecondMember(names: {
  organiser: string;
  member: string;
  group: string;
  role: 'Poster' | 'Commentor';
}) {
  const organiser = await newMember(names.organiser);
  const member = await newMember(names.member);
  const organiserApi = await signInApi(organiser);
  const memberApi = await signInApi(member);
  const tag = Date.now().toString(36);
  const groupId = (
    await created(
      await organiserApi.post('/api/groups', { data: { group: { name: `${names.group} ${tag}` } } }),
    )
  ).id;
  const request = await created(
    await memberApi.post('/api/group_requests', { data: { group_request: { group_id: groupId } } }),
  );
  await created(
    await organiserApi.patch(`/api/group_requests/${request.id}`, {
      data: { group_request: { role: names.role, status: 'accepted' } },
    }),
  );
  return { organiser, member, organiserApi, memberApi, tag, groupId };
}

test('an organiser creates an event from the group page; a member on a phone (dark) answers; the organiser sees the counts', async ({
  page,
  browser,
}) => {
  const { organiser, member, tag, groupId } = await groupWithSecondMember({
    organiser: 'organiser',
    member: 'member',
    group: 'Readers',
    role: 'Commentor',
  });
  const title = `Reading night ${tag}`;

  // The organiser plans it from the group's page, in Berlin time, with room for two.
  await signInPage(page, organiser);
  await page.goto(`/group/${groupId}`);
  const events = page.getByRole('region', { name: 'Upcoming events' });
  await events.getByRole('link', { name: 'New event' }).click();
  await expect(page.getByRole('heading', { name: 'New event', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Starts').fill('2030-05-04T19:00');
  await page.getByLabel('Ends').fill('2030-05-04T21:00');
  await page.getByLabel('Time zone').fill('Europe/Berlin');
  await page.getByLabel('Place').fill('The library');
  await page.getByLabel('Capacity').fill('2');
  await expectNoSeriousA11yViolations(page, 'new event form (desktop, light)');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const counts = page.getByTestId('event-counts');
  await expect(counts).toHaveText('1 going · 1 place left (of 2)');
  await expectNoSeriousA11yViolations(page, 'event page (desktop, light)');

  // The member sees the card in the group's timeline on a phone, in the dark theme, and answers.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const memberPage = await phone.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto(`/group/${groupId}`);
  const card = memberPage.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: title });
  await card.getByRole('link', { name: 'Event: answer and see who is going' }).click();
  await expect(memberPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(memberPage.getByText('You have not answered yet.')).toBeVisible();
  await memberPage
    .getByRole('group', { name: 'Answer' })
    .getByRole('button', { name: 'Going', exact: true })
    .click();
  await expect(memberPage.getByText('You: going')).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(memberPage, 'event page (phone, dark)');

  // The organiser's open page shows the new count without a reload (the live stream), and the name.
  await expect(counts).toHaveText('2 going · 0 places left (of 2)');
  await expect(
    page
      .getByRole('region', { name: 'Who answered' })
      .getByRole('link', { name: `${member.firstName} ${member.lastName}` }),
  ).toBeVisible();

  // The member changes their mind by keyboard: the place frees again.
  await memberPage.getByRole('button', { name: 'Not going' }).focus();
  await memberPage.keyboard.press('Enter');
  await expect(memberPage.getByText('You: not going')).toBeVisible();
  await expect(counts).toHaveText('1 going · 1 place left (of 2)');

  // The .ics download is offered to the member.
  const download = memberPage.waitForEvent('download');
  await memberPage.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
  expect((await download).suggestedFilename()).toBe('event.ics');

  // The member's upcoming events list it, and offer a private calendar feed, shown once.
  await memberPage.goto('/events');
  await expect(memberPage.getByRole('heading', { name: 'Upcoming events', level: 1 })).toBeVisible();
  await expect(
    memberPage.getByRole('list', { name: 'Upcoming events' }).getByRole('link', { name: new RegExp(title) }),
  ).toBeVisible();
  await memberPage.getByRole('button', { name: 'Make a feed address' }).click();
  await expect(memberPage.getByLabel('Your feed address (shown this once)')).toHaveValue(
    /\/api\/calendar_feeds\/.+\.ics$/,
  );
  await expectNoSeriousA11yViolations(memberPage, 'upcoming events with the feed (phone, dark)');
  await phone.close();
});

/** A small green photo of a picnic lawn. */
function aPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#4d7c0f' } })
    .png()
    .toBuffer();
}

test('afterwards, a member who went adds a photo from the event page and it gathers there; reminders are chosen per event', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { organiser, member, organiserApi, memberApi, tag, groupId } = await groupWithSecondMember({
    organiser: 'picnicker',
    member: 'guest',
    group: 'Picnickers',
    role: 'Poster',
  });
  const title = `Picnic ${tag}`;
  // Last summer's picnic, over; the member went.
  const past = await created(
    await organiserApi.post('/api/group_events', {
      data: { group_event: { group_id: groupId, title, starts_at: '2025-06-01T12:00', time_zone: 'UTC' } },
    }),
  );
  await created(
    await memberApi.put(`/api/group_events/${past.id}/rsvp`, { data: { rsvp: { status: 'going' } } }),
  );

  // On a phone, the member is invited to add photos; the composer opens with the group chosen.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const memberPage = await phone.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto(`/events/${past.id}`);
  const photos = memberPage.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText('No photos yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage, 'ended event with its photos section (phone)');
  await memberPage.screenshot({ path: 'test-results/event-photos-phone.png', fullPage: true });
  await photos.getByRole('link', { name: 'Add photos' }).click();
  await expect(memberPage.getByLabel('Post to')).toHaveValue(groupId);
  await expect(memberPage.getByText('This post also shows among the event’s photos.')).toBeVisible();
  await memberPage.getByLabel('Title').fill(`On the lawn ${tag}`);
  await memberPage
    .getByLabel('Attach file')
    .setInputFiles({ name: 'picnic.png', mimeType: 'image/png', buffer: await aPhoto() });
  await memberPage
    .getByRole('textbox', { name: 'Description of picnic.png' })
    .fill('A green lawn in the sun');
  await memberPage.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(memberPage).toHaveURL(/\/post\/[0-9a-f-]{36}$/);

  // The organiser's event page gathers it, photo and all.
  await signInPage(page, organiser);
  await page.goto(`/events/${past.id}`);
  const gathered = page.getByRole('region', { name: 'Photos' });
  const post = gathered.getByRole('article', { name: `On the lawn ${tag}` });
  await expect(post).toBeVisible();
  await expect(post.getByRole('img', { name: 'A green lawn in the sun' })).toBeVisible();
  await page.screenshot({ path: 'test-results/event-photos-desktop.png', fullPage: true });

  // Before an event, a member going picks their reminders for it; the choice holds on reload.
  const next = await created(
    await organiserApi.post('/api/group_events', {
      data: { group_event: { group_id: groupId, title: `Next ${title}`, starts_at: '2030-06-01T12:00' } },
    }),
  );
  await created(
    await memberApi.put(`/api/group_events/${next.id}/rsvp`, { data: { rsvp: { status: 'maybe' } } }),
  );
  await memberPage.goto(`/events/${next.id}`);
  await expect(memberPage.getByRole('region', { name: 'Photos' })).toHaveCount(0);
  const reminders = memberPage.getByRole('combobox', { name: 'Reminders' });
  await expect(reminders).toHaveValue('default');
  await reminders.selectOption('hour_before');
  await expect(reminders).toBeEnabled();
  await memberPage.reload();
  await expect(memberPage.getByRole('combobox', { name: 'Reminders' })).toHaveValue('hour_before');
  await memberPage.screenshot({ path: 'test-results/event-reminders-phone.png', fullPage: true });

  // Their default is in Settings → Notifications, above the table where the kind's mail and push are.
  await memberPage.goto('/settings/notifications');
  const defaults = memberPage.getByRole('region', { name: 'Event reminders' });
  await defaults.getByLabel('Remind me').selectOption('day_before');
  await defaults.getByRole('button', { name: 'Save reminders' }).click();
  await expect(defaults.getByText('Reminders saved.')).toBeVisible();
  await expect(memberPage.getByRole('row', { name: /Reminders before events I answered/ })).toBeVisible();
  await expectNoSeriousA11yViolations(memberPage, 'notification settings with event reminders (phone)');
  await memberPage.screenshot({ path: 'test-results/reminder-settings-phone.png', fullPage: true });
  await page.goto('/settings/notifications');
  await expect(page.getByRole('region', { name: 'Event reminders' }).getByLabel('Remind me')).toHaveValue(
    'both',
  );
  await page.screenshot({ path: 'test-results/reminder-settings-desktop.png' });
  expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});

test('creating an event from a date poll: the organiser proposes dates, a second browser answers, the organiser schedules, the member is going', async ({
  page,
  browser,
}) => {
  const { organiser, member, tag, groupId } = await groupWithSecondMember({
    organiser: 'pollster',
    member: 'voter',
    group: 'Walkers',
    role: 'Commentor',
  });
  const title = `Spring walk ${tag}`;

  // The organiser proposes two dates from the group's page, in Berlin time.
  await signInPage(page, organiser);
  await page.goto(`/group/${groupId}`);
  await page
    .getByRole('region', { name: 'Upcoming events' })
    .getByRole('link', { name: 'Propose dates' })
    .click();
  await expect(page.getByRole('heading', { name: 'Propose dates', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date 1: starts').fill('2030-04-06T10:00');
  await page.getByLabel('Date 2: starts').fill('2030-04-13T10:00');
  await page.getByLabel('Time zone').fill('Europe/Berlin');
  await page.getByLabel('Place').fill('The old bridge');
  await expectNoSeriousA11yViolations(page, 'new date poll form (desktop, light)');
  await page.getByRole('button', { name: 'Propose these dates' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const organiserDates = page.getByTestId('date-poll-candidate');
  await expect(organiserDates).toHaveCount(2);

  // The member finds the poll's card in the timeline in a second browser and marks the dates by keyboard.
  const second = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const memberPage = await second.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto(`/group/${groupId}`);
  const card = memberPage.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: title });
  await card.getByRole('link', { name: 'Date poll: mark the dates that suit you' }).click();
  await expect(memberPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const memberDates = memberPage.getByTestId('date-poll-candidate');
  await memberDates.nth(0).getByRole('radio', { name: 'Yes' }).focus();
  await memberPage.keyboard.press('Space');
  await expect(memberDates.nth(0).getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(memberDates.nth(0).getByTestId('date-poll-counts')).toHaveText('1 yes · 0 if need be · 0 no');
  // Saved at once: the mark shows while the answer is on its way, then the counts with it.
  await memberDates.nth(1).getByRole('radio', { name: 'If need be' }).click();
  await expect(memberDates.nth(1).getByRole('radio', { name: 'If need be' })).toBeChecked();
  await expect(memberDates.nth(1).getByTestId('date-poll-counts')).toHaveText('0 yes · 1 if need be · 0 no');
  await expectNoSeriousA11yViolations(memberPage, 'date poll answered (phone, dark)');

  // The organiser's open page shows the answers live, the first date marked best, and schedules it.
  await expect(organiserDates.nth(0).getByTestId('date-poll-counts')).toHaveText(
    '1 yes · 0 if need be · 0 no',
  );
  await expect(organiserDates.nth(0).getByText('Best so far')).toBeVisible();
  await expect(organiserDates.nth(0).getByText(`${member.firstName} ${member.lastName}: yes`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'date poll with answers (desktop, light)');
  await organiserDates.nth(0).getByRole('button', { name: 'Make this the event' }).click();
  await organiserDates.nth(0).getByRole('button', { name: 'Yes, create the event' }).click();
  await expect(page.getByText('The date is set:')).toBeVisible();
  await expect(organiserDates.nth(0).getByRole('radio', { name: 'Yes' })).toBeDisabled();

  // The member's page learns it live; the event has them going.
  await memberPage.getByRole('link', { name: 'see the event' }).click();
  await expect(memberPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(memberPage.getByText('You: going')).toBeVisible();
  await expect(memberPage.getByTestId('event-counts')).toHaveText('2 going');
  await second.close();
});
