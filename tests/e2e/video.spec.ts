import { type Locator, type Page, type Response, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { NO_FFMPEG, testFfmpeg, webmClip } from '../support/video-factories';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInApi, signInPage } from './support/members';

/**
 * Videos that play (issue 28 part 4): a WebM (VP8 plays in Debian's Chromium, H.264 may not) is
 * attached, the worker reads its length and poster, the card shows both before play, and the
 * player plays and seeks through byte ranges (206) at phone and desktop widths.
 */
test.skip(!testFfmpeg, NO_FFMPEG);

test.beforeAll(async () => {
  await host();
});

/** Reloads until the worker has read the video: its length is on the picture. */
async function waitForDuration(page: Page, badge: Locator, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(badge).toHaveText(text, { timeout: 1500 });
  }).toPass({ timeout: 30_000 });
}

/** The element's media state, read in the page. */
function mediaState(video: Locator) {
  return video.evaluate((element: HTMLVideoElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    readyState: element.readyState,
    duration: element.duration,
  }));
}

test('attach a video: its length and poster on the card, then play and seek it in the page', async ({
  page,
}) => {
  // Routing turns the browser's HTTP cache off for this page, so every answer seen below is the
  // server's (the cache would otherwise cut 206s of its own out of a whole 200 it kept).
  await page.route(/\/api\/files\//, (route) => route.continue());
  const ranged: Response[] = [];
  page.on('response', (response) => {
    if (/\/api\/files\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname) && response.status() === 206) {
      ranged.push(response);
    }
  });

  await signInPage(page, await newMember('filmmaker'));
  const title = `The match ${Date.now()}`;
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Attach file').setInputFiles({
    name: 'Match day.webm',
    mimeType: 'video/webm',
    buffer: webmClip({ seconds: 3, width: 320, height: 240 }),
  });
  const attachment = page.getByRole('group', { name: 'Attachment' });
  await expect(attachment.getByRole('button', { name: 'Remove Match day.webm' })).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);

  // On the timeline's card: the poster and the length before play, the box already the video's shape.
  await page.goto('/dashboard');
  const card = page.locator('article', { hasText: title });
  const badge = card.getByTestId('video-duration-badge');
  await waitForDuration(page, badge, '0:03');
  const player = card.getByLabel('Video: Match day.webm');
  await expect(player).toHaveAttribute('poster', /^\/api\/files\/[0-9a-f-]{36}\?variant=poster$/);
  await expect(player).toHaveAttribute('preload', 'metadata');
  const poster = await page.request.get((await player.getAttribute('poster'))!);
  expect(poster.status()).toBe(200);
  expect(poster.headers()['content-type']).toBe('image/webp');
  await expect(card.getByText('3 seconds')).toHaveCount(1);
  const box = (await player.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(320 / 240, 1);
  await expect(card.getByRole('link', { name: 'Download Match day.webm' })).toHaveAttribute(
    'href',
    /^\/api\/files\/[0-9a-f-]{36}$/,
  );
  await expectNoSeriousA11yViolations(page, 'timeline with a video');

  // Play (muted, as a page may start media without a gesture), then seek.
  // The timeline stays drawn until the post's page is ready, so the player is found in the post's
  // own article, once its title is the page's heading: the card's player would be detached mid-play.
  await card.getByRole('heading', { name: title }).getByRole('link').click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const video = page.getByRole('article', { name: title }).getByLabel('Video: Match day.webm');
  await expect(video).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(async () => (await mediaState(video)).currentTime).toBeGreaterThan(0.3);
  await expect(page.getByTestId('video-duration-badge')).toHaveCount(0);
  expect(Math.round((await mediaState(video)).duration)).toBe(3);

  await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        element.pause();
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = 2.2;
      }),
  );
  const afterSeek = await mediaState(video);
  expect(afterSeek.currentTime).toBeGreaterThan(2.1);
  expect(afterSeek.readyState).toBeGreaterThanOrEqual(2);

  // The browser asked for byte ranges and the server answered them with 206 and Content-Range.
  expect(ranged.length).toBeGreaterThan(0);
  const headers = ranged[0]!.headers();
  expect(headers['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
  expect(headers['accept-ranges']).toBe('bytes');
  expect(headers['content-type']).toBe('video/webm');
  await expectNoSeriousA11yViolations(page, 'post with a video');

  // At a phone's width: the same player, its length shown, within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const phoneCard = page.locator('article', { hasText: title });
  await expect(phoneCard.getByTestId('video-duration-badge')).toHaveText('0:03');
  const phoneBox = (await phoneCard.getByLabel('Video: Match day.webm').boundingBox())!;
  expect(phoneBox.width).toBeLessThanOrEqual(390);
  expect(phoneBox.width / phoneBox.height).toBeCloseTo(320 / 240, 1);
  await expectNoSeriousA11yViolations(page, 'timeline with a video at a phone width');
});

/**
 * A video among a post's several files (ADR 050): the grid shows its poster, a play badge and its
 * length; it opens in the viewer at its own address and plays and seeks there through byte ranges.
 */
async function videoAmongPhotos(page: Page, label: string) {
  await page.route(/\/api\/files\//, (route) => route.continue());
  const ranged: Response[] = [];
  page.on('response', (response) => {
    if (/\/api\/files\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname) && response.status() === 206) {
      ranged.push(response);
    }
  });
  const reporter = await newMember('reporter');
  await signInPage(page, reporter);
  const title = `Goal and team ${label} ${Date.now()}`;
  const group = await (
    await signInApi(reporter)
  ).post('/api/groups', {
    data: { group: { name: `Match ${label} ${Date.now()}` } },
  });
  expect(group.status()).toBe(201);
  const groupId = ((await group.json()) as { id: string }).id;
  await page.goto(`/posts/new?group_id=${groupId}`);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Attach file').setInputFiles([
    {
      name: 'team.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    },
    { name: 'Goal.webm', mimeType: 'video/webm', buffer: webmClip({ seconds: 3, width: 320, height: 240 }) },
  ]);
  const list = page.getByRole('list', { name: 'Files of this post, in order' });
  await expect(list.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await page.getByLabel('Description of team.png').fill('The team');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  const postPath = new URL(page.url()).pathname;

  // On the card: the poster with a play badge and the length, not a download.
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: title });
  const grid = card.getByRole('group', { name: '1 photo and 1 video' });
  const badge = grid.getByTestId('video-duration-badge');
  await waitForDuration(page, badge, '0:03');
  const tile = grid.getByRole('button', { name: /^Video 2 of 2: Goal\.webm.*3 seconds.*play video/ });
  await expect(tile.getByRole('img')).toHaveAttribute('src', /\?variant=poster$/);
  await expect(card.getByRole('link', { name: /Download/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, `timeline with a photo and a video (${label})`);

  // It plays in the viewer, at its own address, and seeks through ranges.
  await tile.click();
  const viewer = page.getByRole('dialog', { name: 'Goal.webm (2 of 2)' });
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/2`);
  const video = viewer.getByLabel('Video: Goal.webm');
  await expect(video).toHaveAttribute('poster', /\?variant=poster$/);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(async () => (await mediaState(video)).currentTime).toBeGreaterThan(0.3);
  await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        element.pause();
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = 2.2;
      }),
  );
  expect((await mediaState(video)).currentTime).toBeGreaterThan(2.1);
  expect(ranged.length).toBeGreaterThan(0);
  expect(ranged[0]!.headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
  await expectNoSeriousA11yViolations(page, `video in the viewer (${label})`);

  // Previous moves to the photo; Escape returns to the timeline.
  await viewer.getByRole('button', { name: 'Previous photo' }).click();
  await expect(page.getByRole('dialog', { name: 'team.png (1 of 2)' })).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/1`);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/dashboard');
  await expect(tile).toBeFocused();

  // The group's album shows the video beside the photo: poster, play mark, length; it plays in the
  // same viewer at the same address, and Back then Forward closes and reopens it over the album.
  await page.goto(`/group/${groupId}/photos`);
  const album = page.getByRole('group', { name: '1 photo and 1 video' });
  const albumTile = album.getByRole('button', { name: /^Video 2 of 2: Goal\.webm.*3 seconds.*play video/ });
  await expect(albumTile.getByRole('img')).toHaveAttribute('src', /\?variant=poster$/);
  await expect(album.getByTestId('video-duration-badge')).toHaveText('0:03');
  await expectNoSeriousA11yViolations(page, `album with a video (${label})`);
  await albumTile.click();
  const albumViewer = page.getByRole('dialog', { name: 'Goal.webm (2 of 2)' });
  await expect(albumViewer).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/2`);
  const albumVideo = albumViewer.getByLabel('Video: Goal.webm');
  await albumVideo.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(async () => (await mediaState(albumVideo)).currentTime).toBeGreaterThan(0.3);
  await page.goBack();
  await expect(albumViewer).toBeHidden();
  await expect(page).toHaveURL(`/group/${groupId}/photos`);
  await page.goForward();
  await expect(albumViewer).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/2`);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`/group/${groupId}/photos`);
  await expect(albumTile).toBeFocused();
}

test('a video among several files plays in the viewer (desktop)', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await videoAmongPhotos(await context.newPage(), 'desktop');
  await context.close();
});

test('a video among several files plays in the viewer (phone)', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await videoAmongPhotos(await context.newPage(), 'phone');
  await context.close();
});
