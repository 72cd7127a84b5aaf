import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { safeFetch, type SafeFetchOptions } from '../../../adapters/safe-fetch/safe-fetch';
import { createLimiter } from '../../../lib/concurrency';
import { IMAGE_FORMATS } from '../../files/files.detect';

/**
 * A link's lead image as Hearth shows it: never the remote picture (the CSP allows no third-party
 * image, and loading it would tell the site who reads the link), but a copy fetched once through the
 * SSRF-guarded client, checked by its bytes and re-encoded to a small WebP with no metadata.
 */

export const LEAD_IMAGE_LIMITS = {
  /** Bytes read from the remote server; a larger image is refused, not cut. */
  maxBytes: 5 * 1024 * 1024,
  /** Widest (and tallest) side of the stored copy. */
  maxSide: 1200,
  /** A small file declaring an enormous canvas is refused before any pixel is decoded. */
  maxInputPixels: 50_000_000,
  /** An image gets less time than a page: it is an extra, not the reading itself. */
  deadlineMs: 10_000,
};

/** The types asked for and read. SVG is not among them: it is markup, and may carry script. */
const IMAGE_CONTENT_TYPES: ReadonlySet<string> = new Set(Object.keys(IMAGE_FORMATS));

export type LeadImageProblem = 'not_an_image' | 'too_large' | 'unreadable';

export class LeadImageRefused extends Error {
  constructor(
    readonly problem: LeadImageProblem,
    detail: string,
  ) {
    super(detail);
  }
}

// One image at a time: the pipeline shares two cores with the web and the database.
const limit = createLimiter(1);

/** Fetches and re-encodes the image at `url`; throws SafeFetchError or LeadImageRefused. */
export async function fetchLeadImage(
  url: string,
  options: Pick<SafeFetchOptions, 'allowLoopback' | 'resolver' | 'deadlineMs' | 'logger'> = {},
): Promise<Buffer> {
  const fetched = await safeFetch(url, {
    deadlineMs: LEAD_IMAGE_LIMITS.deadlineMs,
    ...options,
    maxBytes: LEAD_IMAGE_LIMITS.maxBytes,
    binaryTypes: IMAGE_CONTENT_TYPES,
  });
  if (!fetched.bytes) {
    throw new LeadImageRefused('not_an_image', `served as ${fetched.contentType ?? 'no content type'}`);
  }
  if (fetched.truncated) throw new LeadImageRefused('too_large', 'larger than 5 MB');
  return reencodeLeadImage(fetched.bytes);
}

/** Checks the bytes (not the server's word) and writes a bounded WebP: upright, sRGB, no EXIF/XMP/ICC. */
export async function reencodeLeadImage(bytes: Buffer): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? IMAGE_FORMATS[detected.mime] : undefined;
  if (!format) throw new LeadImageRefused('not_an_image', `the bytes are ${detected?.mime ?? 'unknown'}`);
  return limit(async () => {
    const input = { limitInputPixels: LEAD_IMAGE_LIMITS.maxInputPixels, failOn: 'error' as const };
    try {
      const metadata = await sharp(bytes, input).metadata();
      // The decoder must agree with the magic bytes: sharp also reads SVG and TIFF, never wanted here.
      if (metadata.format !== format)
        throw new LeadImageRefused('unreadable', `decoded as ${metadata.format}`);
      return await sharp(bytes, input)
        .autoOrient()
        .resize({
          width: LEAD_IMAGE_LIMITS.maxSide,
          height: LEAD_IMAGE_LIMITS.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
    } catch (error) {
      if (error instanceof LeadImageRefused) throw error;
      const message = error instanceof Error ? error.message : '';
      throw new LeadImageRefused(/pixel limit/i.test(message) ? 'too_large' : 'unreadable', message);
    }
  });
}

/** Where a link's copy is stored: derived from its id alone (see files.keys.ts for the key shape). */
export function leadImageStorageKey(linkId: string): string {
  return `${linkId}.lead`;
}
