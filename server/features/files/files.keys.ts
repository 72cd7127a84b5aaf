/**
 * Storage keys are derived from the file's id alone, never from its name, so a key is always a
 * safe object name and every object a file ever had can be found (and deleted) from its row.
 *
 * - `{id}`: where the browser PUTs the upload. Never served: a signed upload URL stays usable for
 *   a few minutes after the upload was checked, so the bytes served are always a copy Hearth wrote.
 * - `{id}.file`: a checked non-image, as uploaded.
 * - `{id}.image` / `{id}.thumb`: a re-encoded image and its card preview.
 * - `{id}.poster`: a video's poster, one frame re-encoded as WebP (files.video.ts).
 * - `{id}.tiny`, `{id}.narrow`, `{id}.small` and `{id}.large`: a post photo at 240, 360, 480 and
 *   1280 px wide (files.sizes.ts, ADR 050).
 */
export function storageKeys(fileId: string) {
  return {
    upload: fileId,
    file: `${fileId}.file`,
    image: `${fileId}.image`,
    thumbnail: `${fileId}.thumb`,
    poster: `${fileId}.poster`,
    w240: `${fileId}.tiny`,
    w360: `${fileId}.narrow`,
    w480: `${fileId}.small`,
    w1280: `${fileId}.large`,
  };
}

/** Every key a file may have objects under: what deleting a file removes (idempotently). */
export function allStorageKeys(fileId: string): string[] {
  return Object.values(storageKeys(fileId));
}
