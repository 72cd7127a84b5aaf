import sharp from 'sharp';
import { PHOTO_WIDTHS, type PhotoWidth } from '../../../shared/api/files';
import type { FileType } from '../../../shared/domain/constants';
import { createLimiter } from '../../lib/concurrency';

/**
 * Every image a member uploads is decoded and re-encoded before anyone sees it: turned upright from
 * its EXIF orientation, scaled down, written as WebP with no metadata at all (no EXIF, so no GPS
 * position or camera serial; no XMP; colours converted to sRGB and the ICC profile dropped), plus
 * a card-sized preview. Decoding is bounded: a "pixel flood" (a small file declaring an enormous
 * canvas) is refused before any pixel is allocated.
 */

export const IMAGE_LIMITS = {
  /** Above this many pixels (all frames together) an image is refused. */
  maxInputPixels: 50_000_000,
  /** Longest side of a post image. */
  maxSide: 2048,
  // Cards are ~730 CSS px wide on a desktop: twice that would be sharp on every screen, 960 is the compromise.
  thumbnailWidth: 960,
  /** Profile pictures are square crops of this side. */
  avatarSide: 512,
};

/** The width a `?variant=` names (`w240` …, PHOTO_WIDTHS), or null for the other variants. */
export function sizedWidthOf(variant: string): PhotoWidth | null {
  return PHOTO_WIDTHS.find((width) => variant === `w${width}`) ?? null;
}

/** The sized widths an image of `width` has: only those narrower than it (none is enlarged). */
export function sizedWidthsOf(width: number | null): PhotoWidth[] {
  return PHOTO_WIDTHS.filter((sized) => width !== null && sized < width);
}

/**
 * A post photo at `width` px wide, from its re-encoded image (so, like it, with no metadata).
 * Animated images stay animated. Bounded like every decode here.
 */
export function resizeImage(image: Buffer, width: number): Promise<Buffer> {
  return limit(async () => {
    const animated = ((await sharp(image, { animated: true }).metadata()).pages ?? 1) > 1;
    return sharp(image, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, animated })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
  });
}

/**
 * A still post photo at `width` px wide as AVIF (ADR 069), from its re-encoded image; null for an
 * animated one (its widths stay animated WebP). Quality 50 is about WebP's 78 to the eye at half
 * the bytes. Bounded like every decode here.
 */
export function resizeImageToAvif(image: Buffer, width: number): Promise<Buffer | null> {
  return limit(async () => {
    if (((await sharp(image, { animated: true }).metadata()).pages ?? 1) > 1) return null;
    return sharp(image, { limitInputPixels: IMAGE_LIMITS.maxInputPixels })
      .resize({ width, withoutEnlargement: true })
      .avif({ quality: 50, effort: 4 })
      .toBuffer();
  });
}

// Two cores serve the database, the web and this: one libvips thread per image, two images at a
// time, and no decoded-image cache kept between requests.
sharp.concurrency(1);
sharp.cache(false);
const limit = createLimiter(2);

export class ImageRejectedError extends Error {
  constructor(readonly reason: 'too_many_pixels' | 'unreadable') {
    super(reason);
  }
}

export interface ProcessedImage {
  image: Buffer;
  /** Null for profile pictures, already small. */
  thumbnail: Buffer | null;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Re-encodes an upload whose magic bytes said `format` (sharp's name: jpeg, png, webp, gif, heif).
 * Animated GIF/WebP posts stay animated; a profile picture is its first frame.
 */
export function processImage(bytes: Buffer, format: string, purpose: FileType): Promise<ProcessedImage> {
  return limit(async () => {
    try {
      return await reencode(bytes, format, purpose);
    } catch (error) {
      if (error instanceof ImageRejectedError) throw error;
      const message = error instanceof Error ? error.message : '';
      throw new ImageRejectedError(/pixel limit/i.test(message) ? 'too_many_pixels' : 'unreadable');
    }
  });
}

async function reencode(bytes: Buffer, format: string, purpose: FileType): Promise<ProcessedImage> {
  const input = { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' as const };
  // With `animated`, the pixel limit counts every frame: a long animation is a flood too.
  const keepFrames = purpose === 'post_attachment';
  const metadata = await sharp(bytes, { ...input, animated: keepFrames }).metadata();
  // The decoder must agree with the magic bytes: sharp also reads SVG, TIFF and more, never wanted here.
  if (metadata.format !== format) throw new ImageRejectedError('unreadable');
  const animated = keepFrames && (metadata.pages ?? 1) > 1;

  let pipeline = sharp(bytes, { ...input, animated });
  // EXIF orientation is applied to still images; animation frames carry none worth honouring.
  if (!animated) pipeline = pipeline.autoOrient();
  pipeline =
    purpose === 'profile'
      ? pipeline.resize(IMAGE_LIMITS.avatarSide, IMAGE_LIMITS.avatarSide, { fit: 'cover' })
      : pipeline.resize({
          width: IMAGE_LIMITS.maxSide,
          height: IMAGE_LIMITS.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        });
  // sharp writes no metadata unless asked (withMetadata/keepExif…), and converts to sRGB.
  const image = await pipeline.webp({ quality: 82, effort: 4 }).toBuffer();

  const thumbnail =
    purpose === 'profile'
      ? null
      : await sharp(image, { animated })
          .resize({ width: IMAGE_LIMITS.thumbnailWidth, withoutEnlargement: true })
          .webp({ quality: 75, effort: 4 })
          .toBuffer();
  // Without `animated`, an animated WebP reads as its first frame: the size a viewer sees.
  const output = await sharp(image).metadata();
  return {
    image,
    thumbnail,
    contentType: 'image/webp',
    width: output.width ?? 0,
    height: output.height ?? 0,
  };
}
