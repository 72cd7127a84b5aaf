import { type Browser, type Locator, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInPage } from './support/members';

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

async function postEightPhotos(browser: Browser, viewport: { width: number; height: number }, label: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInPage(page, await newMember('album'));
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

  // A photo opens full screen; arrows move on; Escape closes it and focus comes back to it.
  const third = grid.getByRole('button', { name: /Race number 3/ });
  await third.click();
  const viewer = page.getByRole('dialog', { name: 'photo-3.png (3 of 8)' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img')).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
  await expectNoSeriousA11yViolations(page, `photo viewer (${label})`);
  // The arrow keys move to the next photo and back.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'photo-4.png (4 of 8)' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(third).toBeFocused();

  // The timeline's card shows four of them and says how many more.
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('group', { name: '8 photos' }).getByRole('img')).toHaveCount(4);
  await expect(card.getByText('+4')).toBeVisible();
  await context.close();
}

test('post eight photos, reorder, describe, and view them (desktop)', async ({ browser }) => {
  test.setTimeout(120_000);
  await postEightPhotos(browser, { width: 1280, height: 800 }, 'desktop');
});

test('post eight photos, reorder, describe, and view them (phone)', async ({ browser }) => {
  test.setTimeout(120_000);
  await postEightPhotos(browser, { width: 390, height: 844 }, 'phone');
});
