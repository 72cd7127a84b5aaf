import { type Locator, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** A real PNG: a warm gradient, so a broken re-encode would not pass for an image. */
async function aPng(width = 640, height = 420): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = 200;
      pixels[i + 1] = Math.round((x / width) * 160) + 60;
      pixels[i + 2] = Math.round((y / height) * 120) + 40;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The image has loaded, and the server sent something a browser could decode. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
}

async function writePost(page: Page, title: string) {
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
}

async function createPost(page: Page) {
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
}

test('attach an image to a post: progress, thumbnail, the card preview and the full image', async ({
  page,
}) => {
  await signInPage(page, await newMember('photographer'));
  const title = `Sunset over the allotment ${Date.now()}`;
  await writePost(page, title);

  await page.getByLabel('Attach file').setInputFiles({
    name: 'allotment.png',
    mimeType: 'image/png',
    buffer: await aPng(),
  });
  // The upload finishes: the progress bar gives way to the attached file, with its thumbnail.
  const attachment = page.getByRole('group', { name: 'Attachment' });
  const thumbnail = attachment.getByRole('img', { name: 'Preview of allotment.png' });
  await expectLoaded(thumbnail);
  await expect(attachment.getByRole('progressbar')).toHaveCount(0);
  await expect(attachment.getByRole('button', { name: 'Remove allotment.png' })).toBeVisible();
  await expect(attachment.getByText(/\d+(\.\d)? kB/)).toBeVisible();

  // The photo has no description: Hearth asks first (tests/e2e/photos.spec.ts describes them).
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page
    .getByRole('dialog', { name: '1 photo has no description' })
    .getByRole('button', { name: 'Post anyway' })
    .click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  const postUrl = page.url();
  const full = page.getByRole('img', { name: 'Attachment: allotment.png' });
  await expectLoaded(full);
  await expect(full).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /^\/api\/files\//);

  // The full-size view opens and closes with the keyboard.
  await page.getByRole('button', { name: /Attachment: allotment\.png/ }).click();
  const viewer = page.getByRole('dialog', { name: 'allotment.png' });
  await expect(viewer).toBeVisible();
  await expectLoaded(viewer.getByRole('img'));
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.goto('/dashboard');
  const card = page.locator('article', { hasText: title });
  const preview = card.getByRole('img', { name: 'Attachment: allotment.png' });
  await expect(preview).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}\?variant=thumbnail$/);
  await expectLoaded(preview);
  // The whole photo in its own proportions (640 x 420), not a strip cropped out of it.
  const box = await preview.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  expect(box.width / box.height).toBeCloseTo(640 / 420, 1);
  expect(box.height).toBeLessThanOrEqual(400);

  // A tap opens it full screen over the timeline, at the photo's own address (ADR 050); Escape
  // closes it, the address is the timeline's again, and the focus comes back to the same card.
  await preview.click();
  const cardViewer = page.getByRole('dialog', { name: 'allotment.png' });
  await expect(cardViewer).toBeVisible();
  await expect(cardViewer.getByRole('img')).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
  await expectLoaded(cardViewer.getByRole('img'));
  await expect(page).toHaveURL(`${postUrl}/photo/1`);
  await page.keyboard.press('Escape');
  await expect(cardViewer).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card.getByRole('button', { name: /Attachment: allotment\.png/ })).toBeFocused();

  await card.getByRole('heading', { name: title }).getByRole('link').click();
  await expect(page).toHaveURL(postUrl);
});

test('set a profile picture, then see it on my posts and in the top bar', async ({ page }) => {
  await signInPage(page, await newMember('portrait'));
  const title = `New haircut ${Date.now()}`;
  await writePost(page, title);
  await createPost(page);

  await page.goto('/settings');
  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu.locator('img')).toHaveCount(0);
  await page.getByLabel('Change picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await aPng(300, 300),
  });
  // Two seconds after the upload the profile is reloaded; the top bar follows.
  await expect(page.getByText('Profile picture updated.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  const topBarPicture = menu.locator('img');
  await expect(topBarPicture).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
  await expectLoaded(topBarPicture);

  await page.goto('/dashboard');
  const card = page.locator('article', { hasText: title });
  const authorPicture = card.locator('img[src^="/api/files/"]').first();
  await expect(authorPicture).toHaveAttribute('src', (await topBarPicture.getAttribute('src'))!);
  await expectLoaded(authorPicture);
});

test('a file that is not an image is offered as a download with its size', async ({ page }) => {
  await signInPage(page, await newMember('archivist'));
  const title = `Minutes of the March meeting ${Date.now()}`;
  await writePost(page, title);
  await page.getByLabel('Attach file').setInputFiles({
    name: 'minutes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Present: everyone.\nAgreed: more compost.\n'.repeat(40)),
  });
  await expect(page.getByRole('button', { name: 'Remove minutes.txt' })).toBeVisible();
  await createPost(page);
  const download = page.getByRole('link', { name: /minutes\.txt/ });
  await expect(download).toHaveAttribute('href', /^\/api\/files\//);
  await expect(download).toContainText(/\d+(\.\d)? kB/);
});

test('the bare /upload test page uploads a file and shows the result', async ({ page }) => {
  await signInPage(page, await newMember('tester'));
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'File upload test' })).toBeVisible();
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: await aPng(40, 40) });
  await page.getByLabel('Type').selectOption('post_attachment');
  await page.getByRole('button', { name: 'Upload' }).click();
  const result = page.getByRole('region', { name: 'Uploaded' });
  await expect(result).toBeVisible();
  await expect(result.getByText('pixel.png')).toBeVisible();
  await expect(result.getByText('image/webp')).toBeVisible();
  await expect(result.getByRole('link', { name: 'Open the file' })).toHaveAttribute(
    'href',
    /^\/api\/files\//,
  );
});
