import { PHOTO_WIDTHS, type PhotoWidth, type PhotoWidthVariant } from '../../../shared/api/files';

/**
 * Storage keys are derived from the file's id alone, never from its name, so a key is always a
 * safe object name and every object a file ever had can be found (and deleted) from its row.
 *
 * - `{id}`: where the browser PUTs the upload. Never served: a signed upload URL stays usable for
 *   a few minutes after the upload was checked, so the bytes served are always a copy Hearth wrote.
 * - `{id}.file`: a checked non-image, as uploaded.
 * - `{id}.image` / `{id}.thumb`: a re-encoded image and its card preview.
 * - `{id}.poster`: a video's poster, one frame re-encoded as WebP (files.video.ts).
 * - `{id}.tiny`, `{id}.narrow`, `{id}.small` and `{id}.large`: a post photo at each of
 *   PHOTO_WIDTHS (files.sizes.ts, ADR 050), under the suffix below.
 */
export function storageKeys(fileId: string) {
  const sized = Object.fromEntries(
    PHOTO_WIDTHS.map((width) => [`w${width}`, `${fileId}.${SIZED_SUFFIX[width]}`]),
  ) as Record<PhotoWidthVariant, string>;
  return {
    upload: fileId,
    file: `${fileId}.file`,
    image: `${fileId}.image`,
    thumbnail: `${fileId}.thumb`,
    poster: `${fileId}.poster`,
    ...sized,
  };
}

/**
 * The suffix of each kept width's key: letters only, as every key's. A width added to PHOTO_WIDTHS
 * without one here does not compile; these name objects already stored, so they never change.
 */
const SIZED_SUFFIX: Record<PhotoWidth, string> = { 240: 'tiny', 360: 'narrow', 480: 'small', 1280: 'large' };

/** Every key a file may have objects under: what deleting a file removes (idempotently). */
export function allStorageKeys(fileId: string): string[] {
  return Object.values(storageKeys(fileId));
}
