import type { PostFile } from '@shared/api/posts';

/**
 * How a post's photo grid is laid out (./photo-grid.tsx), without React: which photos it shows, in
 * which rows, and how wide each tile is drawn, so that the first screen can ask for the photos the
 * grid will ask for, at the same sizes, before the page is drawn (../photo-preload.ts).
 */

/** A photo of a post (an image with its card-sized preview), or a video (ADR 050). */
export type Photo = PostFile;

/** Photos a card shows; the last tile says how many more the post holds. */
export const CARD_PHOTOS = 4;
/** Photos in one row of the post page. */
const ROW_PHOTOS = 3;
/** A photo whose size is unknown is laid out as a 4:3 one. */
const FALLBACK_RATIO = 4 / 3;
/** The widest a grid's row is drawn, in CSS px (the post column on a large screen). */
const ROW_MAX_PX = 730;
/** From this screen width on (CSS px) a row is at most `ROW_MAX_PX` wide; below, about the screen's. */
const WIDE_SCREEN_PX = 768;

export function isVideo(file: PostFile): boolean {
  return Boolean(file.content_type?.startsWith('video/'));
}

/** A post's photos and videos, in its order: what its grid shows and its viewer opens. */
export function photosOf<File extends PostFile>(files: readonly File[] | undefined): File[] {
  return (files ?? []).filter(
    (file) => Boolean(file.content_type?.startsWith('image/') && file.thumbnail_url) || isVideo(file),
  );
}

export function ratioOf(photo: Photo): number {
  return photo.width && photo.height ? photo.width / photo.height : FALLBACK_RATIO;
}

/**
 * The rows of a post page's grid a phone's first screen shows, below the post's title: its largest
 * tile, the page's largest paint, may be in either (a landscape photo between two portrait ones).
 */
export const FIRST_SCREEN_ROWS = 2;

/** The photos in rows of at most `perRow`, each row one justified strip. */
export function rowsOf<T>(items: readonly T[], perRow: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += perRow) rows.push(items.slice(i, i + perRow));
  return rows;
}

/** The rows a grid draws: a card's first four (two rows of two), or all of a post's, three a row. */
export function gridRowsOf<T extends Photo>(photos: readonly T[], variant: 'card' | 'full'): T[][] {
  const shown = variant === 'card' ? photos.slice(0, CARD_PHOTOS) : photos;
  return rowsOf(shown, variant === 'card' ? (shown.length === 4 ? 2 : shown.length) : ROW_PHOTOS);
}

/**
 * The `sizes` of a tile: its share of its row's width (its aspect ratio over the row's), so a
 * phone asks for a third of a row's pixels, not the whole screen's, for each of three photos.
 */
export function tileSizes(row: readonly Photo[], photo: Photo): string {
  const share = ratioOf(photo) / row.reduce((sum, each) => sum + ratioOf(each), 0);
  return `(min-width: ${WIDE_SCREEN_PX}px) ${Math.ceil(ROW_MAX_PX * share)}px, ${Math.ceil(share * 100)}vw`;
}

/**
 * The `sizes` each photo of a post page's grid is drawn at, by file id; empty when the post has no
 * grid (one file is drawn by another component). Another picture of the same photo on the page
 * given the same `srcset` and these `sizes` is drawn from the width the grid already fetched.
 */
export function gridSizesOf(files: readonly PostFile[] | undefined): Map<string, string> {
  const sizes = new Map<string, string>();
  if ((files?.length ?? 0) < 2) return sizes;
  for (const row of gridRowsOf(photosOf(files), 'full'))
    for (const photo of row) sizes.set(photo.id, tileSizes(row, photo));
  return sizes;
}

/** Every WebP width Hearth keeps of a photo (ADR 050), for the browser to choose by `sizes`. */
export function srcSetOf(photo: Photo): string | undefined {
  if (photo.sizes.length < 2) return undefined;
  return photo.sizes.map((size) => `${size.url} ${size.width}w`).join(', ');
}
