import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { host, newMember, signInPage } from './support/members';

test.beforeAll(async () => {
  await host();
});

/** A photo of a sign: dark words on a light ground, for Hearth's OCR to read. */
function aSign(lines: string[]): Promise<Buffer> {
  const height = 60 + lines.length * 70;
  const text = lines
    .map(
      (line, i) =>
        `<text x="24" y="${80 + i * 70}" font-size="48" font-family="sans-serif" fill="#111">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="${height}"><rect width="800" height="${height}" fill="#fdfbf4"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('a photo’s description is suggested from its words, edited, and described again from the post page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, await newMember('alttext'));
  const title = `Gran turns ninety ${Date.now()}`;
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Attach file').setInputFiles([
    { name: 'sign.png', mimeType: 'image/png', buffer: await aSign(['Happy birthday Gran']) },
    { name: 'menu.png', mimeType: 'image/png', buffer: await aSign(['Lemon cake', 'Fresh tea']) },
  ]);

  // Each photo gets a suggestion read from it, marked as a draft; its field stays empty.
  const signDraft = page.getByRole('group', { name: 'Suggested description of sign.png' });
  await expect(signDraft).toContainText('Suggested from the photo (a draft, not yet its description)', {
    timeout: 60_000,
  });
  await expect(signDraft).toContainText(/Text in the photo: “Happy birthday Gran”/i);
  const menuDraft = page.getByRole('group', { name: 'Suggested description of menu.png' });
  await expect(menuDraft).toContainText(/Lemon cake Fresh tea/i, { timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'Description of sign.png' })).toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'composer with suggested descriptions');

  // Taking one puts it in the field to edit; the other, not taken, still counts as undescribed.
  await page.getByRole('button', { name: 'Use and edit the suggestion for sign.png' }).click();
  const field = page.getByRole('textbox', { name: 'Description of sign.png' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(/Happy birthday Gran/i);
  await field.fill('A hand-painted sign: Happy birthday Gran');
  await expect(signDraft).toBeHidden();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const reminder = page.getByRole('dialog', { name: '1 photo has no description' });
  await reminder.getByRole('button', { name: 'Post anyway' }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);

  const grid = page.getByRole('group', { name: '2 photos' });
  await expect(grid.getByRole('img').nth(0)).toHaveAccessibleName('A hand-painted sign: Happy birthday Gran');
  await expect(grid.getByRole('img').nth(1)).toHaveAccessibleName(/^Photo 2 of 2/);

  // From the post page, the author describes the second photo.
  const descriptions = page.getByRole('region', { name: 'Photo descriptions' });
  await expect(descriptions).toContainText('1 of 2 photos have no description yet.');
  await descriptions.getByRole('button', { name: 'Add the description of photo 2' }).click();
  await descriptions.getByLabel('Description of photo 2').fill('The tea menu: lemon cake and fresh tea');
  await descriptions.getByRole('button', { name: 'Save description' }).click();
  await expect(grid.getByRole('img').nth(1)).toHaveAccessibleName('The tea menu: lemon cake and fresh tea');
  await expect(descriptions).toContainText('Every photo is described');
  await expectNoSeriousA11yViolations(page, 'post page with photo descriptions');

  // Kept: a fresh load shows it too.
  await page.reload();
  await expect(page.getByRole('group', { name: '2 photos' }).getByRole('img').nth(1)).toHaveAccessibleName(
    'The tea menu: lemon cake and fresh tea',
  );
});
