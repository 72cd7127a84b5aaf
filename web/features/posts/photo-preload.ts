import type { Post } from '@shared/api/posts';
import {
  FIRST_SCREEN_ROWS,
  gridRowsOf,
  isVideo,
  photosOf,
  srcSetOf,
  tileSizes,
} from './components/photo-layout';

/**
 * A post page's first rows of photos (those a phone's first screen shows), asked for as soon as
 * the post's answer is in (web/app/first-screen.ts), instead of once the page's code has drawn the
 * grid: on a phone that drawing is the longest task before the photos (ADR 050). Each is a
 * `<link rel="preload">` with the grid's own `srcset` and `sizes` (./components/photo-layout.ts),
 * so the browser picks the same width for the preload and for the `<img>` and fetches it once; at
 * high priority, as the grid's first rows have. Only a grid (two or more files): a single photo is
 * drawn by another component, at other sizes.
 */
export function preloadFirstPhotos(post: Pick<Post, 'files'>): void {
  if ((post.files?.length ?? 0) < 2) return;
  for (const row of gridRowsOf(photosOf(post.files), 'full').slice(0, FIRST_SCREEN_ROWS)) {
    for (const photo of row) {
      if (isVideo(photo) || !photo.thumbnail_url) continue;
      const link = document.createElement('link');
      const srcSet = srcSetOf(photo);
      const attributes = {
        rel: 'preload',
        as: 'image',
        href: photo.thumbnail_url,
        fetchpriority: 'high',
        ...(srcSet ? { imagesrcset: srcSet, imagesizes: tileSizes(row, photo) } : {}),
      };
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.head.append(link);
    }
  }
}
