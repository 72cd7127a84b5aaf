import { type Browser, type Locator, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInApi, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** A real photo-like PNG of `width` x `height`, its colour set by `n`. */
function aPhoto(n: number, width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40 + n * 25, g: 120, b: 200 - n * 15 } },
  })
    .png()
    .toBuffer();
}

/** Eight photos in several shapes: landscape, portrait and square. */
const SHAPES: Array<[number, number]> = [
  [640, 420],
  [420, 640],
  [500, 500],
  [800, 400],
  [640, 480],
  [480, 640],
  [600, 450],
  [450, 600],
];

const fileNames = async (list: Locator) =>
  (await list.getByRole('listitem').allTextContents()).map((text) => text.match(/photo-\d\.png/)?.[0]);

/** Touch points through Chromium's own touch input: each step moves every finger a little. */
async function touch(page: Page, paths: Array<Array<{ x: number; y: number }>>) {
  const cdp = await page.context().newCDPSession(page);
  const steps = paths[0]!.length;
  const at = (step: number) => paths.map((path, id) => ({ ...path[step]!, id }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step < steps; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** `count` + 1 points from `from` to `to`. */
function line(from: { x: number; y: number }, to: { x: number; y: number }, count = 8) {
  return Array.from({ length: count + 1 }, (_, i) => ({
    x: from.x + ((to.x - from.x) * i) / count,
    y: from.y + ((to.y - from.y) * i) / count,
  }));
}

async function centreOf(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Two fingers about the centre of `area`, from `from` px apart to `to` px apart. */
async function pinch(page: Page, area: Locator, from: number, to: number) {
  const c = await centreOf(area);
  await touch(page, [
    line({ x: c.x - from / 2, y: c.y }, { x: c.x - to / 2, y: c.y }),
    line({ x: c.x + from / 2, y: c.y }, { x: c.x + to / 2, y: c.y }),
  ]);
}

/** One finger (or, without touch, the mouse) across the centre of `area` by `dx`. */
async function swipe(page: Page, area: Locator, dx: number, withTouch: boolean) {
  const c = await centreOf(area);
  if (withTouch) return touch(page, [line({ x: c.x - dx / 2, y: c.y }, { x: c.x + dx / 2, y: c.y })]);
  await page.mouse.move(c.x - dx / 2, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x + dx / 2, c.y, { steps: 8 });
  await page.mouse.up();
}

async function postEightPhotos(browser: Browser, viewport: { width: number; height: number }, label: string) {
  const withTouch = label === 'phone';
  const context = await browser.newContext({ viewport, hasTouch: withTouch });
  const page = await context.newPage();
  const author = await newMember('album');
  await signInPage(page, author);
  const title = `Sports day ${label} ${Date.now()}`;
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);

  await page.getByLabel('Attach file').setInputFiles(
    await Promise.all(
      SHAPES.map(async ([width, height], i) => ({
        name: `photo-${i + 1}.png`,
        mimeType: 'image/png',
        buffer: await aPhoto(i, width, height),
      })),
    ),
  );
  const list = page.getByRole('list', { name: 'Files of this post, in order' });
  for (let i = 1; i <= 8; i++) {
    await expect(list.getByRole('img', { name: `Preview of photo-${i}.png` })).toBeVisible({
      timeout: 30_000,
    });
  }
  await expect(list.getByRole('progressbar')).toHaveCount(0);

  // Reorder by keyboard: photo 1 moves right, past photo 2.
  await list.getByRole('button', { name: 'Move photo-1.png right' }).focus();
  await page.keyboard.press('Enter');
  expect((await fileNames(list)).slice(0, 3)).toEqual(['photo-2.png', 'photo-1.png', 'photo-3.png']);

  // Describe six of the eight; the reminder counts the other two.
  for (const n of [1, 2, 3, 4, 5, 6]) {
    await page.getByLabel(`Description of photo-${n}.png`).fill(`Race number ${n}`);
  }
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const reminder = page.getByRole('dialog', { name: '2 photos have no description' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'Add descriptions' }).click();
  await expect(reminder).toBeHidden();
  await expect(page.getByLabel('Description of photo-7.png')).toBeFocused();
  await page.keyboard.type('The relay team');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const again = page.getByRole('dialog', { name: '1 photo has no description' });
  await again.getByRole('button', { name: 'Post anyway' }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  const postPath = new URL(page.url()).pathname;

  // The post page shows all eight, in the chosen order, described, each box sized before it loads.
  const grid = page.getByRole('group', { name: '8 photos' });
  const images = grid.getByRole('img');
  await expect(images).toHaveCount(8);
  await expect(images.nth(0)).toHaveAccessibleName('Race number 2');
  await expect(images.nth(1)).toHaveAccessibleName('Race number 1');
  await expect(images.nth(6)).toHaveAccessibleName('The relay team');
  await expect(images.nth(7)).toHaveAccessibleName(/^Photo 8 of 8/);
  await expect(images.nth(0)).toHaveAttribute('width', '420');
  await expect(images.nth(0)).toHaveAttribute('height', '640');
  // Whole: each tile has its photo's proportions (no crop).
  const tile = await images.nth(3).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  expect(tile.width / tile.height).toBeCloseTo(800 / 400, 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await expectNoSeriousA11yViolations(page, `post with eight photos (${label})`);

  // A photo opens full screen at its own address; arrows move on and the address follows.
  const third = grid.getByRole('button', { name: /Race number 3/ });
  await third.click();
  const viewer = page.getByRole('dialog', { name: 'photo-3.png (3 of 8)' });
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/3`);
  const stage = page.getByTestId('photo-stage');
  const photo = stage.getByRole('img');
  await expect(photo).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
  await expectNoSeriousA11yViolations(page, `photo viewer (${label})`);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'photo-4.png (4 of 8)' })).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/4`);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/3`);

  // Zoom: a pinch on a phone, a double click on a desktop; zoomed, a swipe pans and stays.
  const zoom = page.getByTestId('photo-zoom');
  await expect(zoom).toHaveText('Not zoomed');
  if (withTouch) await pinch(page, stage, 60, 240);
  else await photo.dblclick();
  await expect(zoom).toHaveText(/^Zoomed to \d+%$/);
  const zoomedWidth = (await photo.boundingBox())!.width;
  await swipe(page, stage, -120, withTouch);
  await expect(viewer).toBeVisible();
  await expect(zoom).toHaveText(/^Zoomed to/);
  if (withTouch) await pinch(page, stage, 240, 40);
  else await page.keyboard.press('0');
  await expect(zoom).toHaveText('Not zoomed');
  // It eases back to its own size.
  await expect.poll(async () => (await photo.boundingBox())!.width).toBeLessThan(zoomedWidth / 2);
  // Unzoomed, the same swipe moves to the next photo, which opens unzoomed.
  await swipe(page, stage, -120, withTouch);
  await expect(page.getByRole('dialog', { name: 'photo-4.png (4 of 8)' })).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/4`);
  if (!withTouch) {
    // Ctrl+wheel and the keys zoom too; the next photo starts unzoomed.
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    await expect(zoom).toHaveText('Zoomed to 400%');
    for (const _press of [1, 2, 3, 4]) await page.keyboard.press('-');
    await expect(zoom).toHaveText('Not zoomed');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom).toHaveText('Zoomed to 150%');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'photo-5.png (5 of 8)' })).toBeVisible();
    await expect(zoom).toHaveText('Not zoomed');
  }
  // Escape closes it, the address is the post's again, and focus comes back to the photo that opened it.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(postPath);
  await expect(third).toBeFocused();
  // Back closes it too.
  await third.click();
  await expect(viewer).toBeVisible();
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(postPath);
  await expect(grid).toBeVisible();

  // The timeline's card shows four of them and says how many more.
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('group', { name: '8 photos' }).getByRole('img')).toHaveCount(4);
  await expect(card.getByText('+4')).toBeVisible();

  // Opened from the card, the photo has its address over the timeline, which is not reloaded;
  // closing returns to the timeline where it was.
  await page.evaluate(() => Object.assign(window, { hearthUnderneath: true }));
  await card.getByRole('button', { name: /Race number 2/ }).click();
  await expect(page.getByRole('dialog', { name: 'photo-2.png (1 of 8)' })).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/1`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL('/dashboard');
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => 'hearthUnderneath' in window)).toBe(true);
  // Forward reopens it over the timeline, not as the post page: closing again is a return to the
  // timeline (over the post page it would close to the post's address).
  await page.goForward();
  await expect(page.getByRole('dialog', { name: 'photo-2.png (1 of 8)' })).toBeVisible();
  await expect(page).toHaveURL(`${postPath}/photo/1`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL('/dashboard');
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => 'hearthUnderneath' in window)).toBe(true);

  // A copied address opens that photo for a member who may see the post; closing shows the post.
  const copied = await context.newPage();
  await copied.goto(`${postPath}/photo/2`);
  await expect(copied.getByRole('dialog', { name: 'photo-1.png (2 of 8)' })).toBeVisible();
  await copied.getByRole('button', { name: 'Close' }).click();
  await expect(copied.getByRole('dialog')).toBeHidden();
  await expect(copied).toHaveURL(postPath);
  await expect(copied.getByRole('group', { name: '8 photos' })).toBeVisible();
  // A number naming none of its photos is the post's not-found.
  await copied.goto(`${postPath}/photo/9`);
  await expect(copied.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  await context.close();

  // Another member whom the visibility rule lets see it (a post outside groups) opens the same
  // photo; once the author blocks them, its address gives the post's usual not-found.
  const outsider = await browser.newContext({ viewport });
  const stranger = await outsider.newPage();
  const other = await newMember('stranger');
  await signInPage(stranger, other);
  await stranger.goto(`${postPath}/photo/2`);
  await expect(stranger.getByRole('dialog', { name: 'photo-1.png (2 of 8)' })).toBeVisible();
  const authorApi = await signInApi(author);
  const otherId = ((await (await signInApi(other)).get('/api/auth').then((r) => r.json())) as { id: string })
    .id;
  expect((await authorApi.post('/api/blocks', { data: { user_id: otherId } })).status()).toBe(201);
  await stranger.goto(`${postPath}/photo/2`);
  await expect(stranger.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  await expect(stranger.getByRole('dialog')).toHaveCount(0);
  await outsider.close();
}

test('post eight photos, reorder, describe, and view them (desktop)', async ({ browser }) => {
  test.setTimeout(120_000);
  await postEightPhotos(browser, { width: 1280, height: 800 }, 'desktop');
});

test('post eight photos, reorder, describe, and view them (phone)', async ({ browser }) => {
  test.setTimeout(120_000);
  await postEightPhotos(browser, { width: 390, height: 844 }, 'phone');
});
