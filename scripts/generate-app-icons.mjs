/**
 * Draws the installable app's icons from the favicon (web/public/favicon.svg) with sharp:
 * icon-192.png and icon-512.png (the rounded mark, purpose "any"), icon-maskable-512.png (the mark on
 * a full square of the brand colour, so a launcher may cut any shape inside its safe zone) and
 * apple-touch-icon.png (180 px, full square: iOS rounds it itself). The PNGs are committed; run
 * `node scripts/generate-app-icons.mjs` again after changing the favicon.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '..', 'web', 'public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The same mark without the rounded corners: the rectangle fills the whole square. */
const fullSquare = favicon.replace(/<rect([^>]*?)\s+rx="[^"]*"/, '<rect$1');
if (fullSquare === favicon) throw new Error('favicon.svg: expected a rounded <rect> background');

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullSquare, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullSquare, size: 180 },
];

for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
  console.log(`web/public/${file} (${size}×${size})`);
}
