import type { ObjectStorage } from '../../adapters/storage/storage';
import type { PhotoWidth } from '../../../shared/api/files';
import { resizeImage, sizedWidthsOf } from './files.images';
import { storageKeys } from './files.keys';
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
