import type { ObjectStorage } from '../../adapters/storage/storage';
import type { PhotoWidth } from '../../../shared/api/files';
import { resizeImage, resizeImageToAvif, sizedWidthsOf } from './files.images';
import { AVIF_WIDTHS, storageKeys, type AvifWidth } from './files.keys';
import type { FileRow } from './files.repo';

/** A re-encoded post photo is at most 2048 px a side: far below this many bytes. */
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/**
 * A post photo's other WebP widths (ADR 050). The upload writes them beside the thumbnail
 * (files.service.ts); a photo uploaded before they existed gets each the first time it is asked
 * for, made from its re-encoded image (already checked and without metadata) and kept, so every
 * later request is served as stored. Writing the same bytes twice when two requests race is harmless.
 */
export async function writeSizedImages(storage: ObjectStorage, fileId: string, image: Buffer, width: number) {
  for (const sized of sizedWidthsOf(width)) await writeSized(storage, fileId, image, sized);
}

/** Makes the variant from the stored image when it is missing; false when there is no image to make it from. */
export async function ensureSizedImage(storage: ObjectStorage, file: FileRow, width: PhotoWidth) {
  const key = storageKeys(file.id)[`w${width}`];
  if (await storage.head(key)) return true;
  const image = file.storageKey ? await storage.read(file.storageKey, MAX_IMAGE_BYTES) : null;
  if (!image) return false;
  await writeSized(storage, file.id, image, width);
  return true;
}

async function writeSized(storage: ObjectStorage, fileId: string, image: Buffer, width: PhotoWidth) {
  await storage.write(storageKeys(fileId)[`w${width}`], await resizeImage(image, width), 'image/webp');
}

/**
 * A post photo's AVIF widths (ADR 069), written by the worker after the upload (files.reading.ts):
 * each of AVIF_WIDTHS narrower than the photo, from its re-encoded image, where it is smaller than
 * the WebP of that width. Until they are written, and for a photo uploaded before they existed or
 * an animated one, its WebP widths are served alone.
 */
export async function writeAvifSizes(storage: ObjectStorage, file: FileRow): Promise<void> {
  if (!file.contentType?.startsWith('image/') || !file.thumbnailKey || !file.storageKey) return;
  const widths = AVIF_WIDTHS.filter((width) => sizedWidthsOf(file.width).includes(width));
  if (widths.length === 0) return;
  const image = await storage.read(file.storageKey, MAX_IMAGE_BYTES);
  if (!image) return;
  for (const width of widths) {
    const avif = await resizeImageToAvif(image, width);
    if (!avif) return;
    // Kept only where it saves bytes: a flat picture (a screenshot, a drawing) can be smaller as WebP.
    const webp = await storage.head(storageKeys(file.id)[`w${width}`]);
    if (webp && avif.length >= webp.size) continue;
    await storage.write(storageKeys(file.id)[`avif${width}`], avif, 'image/avif');
  }
}

/** The stored key of a photo's AVIF at `width`, or null when that width has none (yet). */
export async function storedAvifKey(storage: ObjectStorage, fileId: string, width: number) {
  if (!isAvifWidth(width)) return null;
  const key = storageKeys(fileId)[`avif${width}`];
  return (await storage.head(key)) ? key : null;
}

function isAvifWidth(width: number): width is AvifWidth {
  return (AVIF_WIDTHS as readonly number[]).includes(width);
}
