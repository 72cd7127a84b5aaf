import { PHOTO_WIDTHS, type PhotoWidth, type PhotoWidthVariant } from '../../../shared/api/files';

/**
 * The widths also kept as AVIF (ADR 069): those a phone's grid, a card and the descriptions' previews
 * ask for, where a photo's bytes are most of a page's on a phone's network. AVIF is about half a
 * WebP's size there; encoding it takes the worker 0.1-0.5 s a width, too slow for the upload itself
 * and for the 1280 px viewer width.
 */
export const AVIF_WIDTHS = [240, 360, 480] as const satisfies readonly PhotoWidth[];
export type AvifWidth = (typeof AVIF_WIDTHS)[number];

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
 * - `{id}.tinyavif`, `{id}.narrowavif`, `{id}.smallavif`: the same photo at each of AVIF_WIDTHS,
 *   as AVIF (files.sizes.ts, ADR 069).
 */
export function storageKeys(fileId: string) {
  const sized = Object.fromEntries(
    PHOTO_WIDTHS.map((width) => [`w${width}`, `${fileId}.${SIZED_SUFFIX[width]}`]),
  ) as Record<PhotoWidthVariant, string>;
  const compact = Object.fromEntries(
    AVIF_WIDTHS.map((width) => [`avif${width}`, `${fileId}.${SIZED_SUFFIX[width]}avif`]),
  ) as Record<`avif${AvifWidth}`, string>;
  return {
    upload: fileId,
    file: `${fileId}.file`,
    image: `${fileId}.image`,
    thumbnail: `${fileId}.thumb`,
    poster: `${fileId}.poster`,
    ...sized,
    ...compact,
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
