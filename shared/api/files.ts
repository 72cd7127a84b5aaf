import { z } from 'zod';
import { FILE_TYPES } from '../domain/constants';
import { text, tooLong, wholeNumber } from './fields';

/**
 * Contracts of uploads (spec sections 3, 4 and 7). The browser asks for an upload location, PUTs the
 * bytes there, then marks the request `uploaded`; the server then checks the bytes, re-encodes images,
 * and answers the finished file.
 */

/** POST /api/file_requests. The name is what the member called the file; it never becomes a path. */
export const CreateFileRequestBodySchema = z.object({
  name: text("can't be blank").trim().min(1, { error: "can't be blank" }).max(255, tooLong(255)),
  file_type: z.enum(FILE_TYPES, { error: `must be one of ${FILE_TYPES.join(', ')}` }),
});
export type CreateFileRequestBody = z.infer<typeof CreateFileRequestBodySchema>;

/** Where to PUT the bytes: a signed, expiring URL (Hearth's own, or the object store's). */
export const FileRequestCreatedSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The method the upload URL takes. */
  method: z.literal('PUT'),
  /** ISO 8601: the URL stops working after this. */
  expires_at: z.string(),
  /** The largest upload accepted, in bytes. */
  max_size: z.number().int(),
});
export type FileRequestCreated = z.infer<typeof FileRequestCreatedSchema>;

/** `File.lastModified` (milliseconds since 1970) or an ISO 8601 date. */
const lastModified = z.union([
  wholeNumber(0, Number.MAX_SAFE_INTEGER),
  text()
    .max(40, tooLong(40))
    .pipe(z.iso.datetime({ offset: true, error: 'is not a date' })),
]);

/** PATCH /api/file_requests/{id}. */
export const CompleteFileRequestBodySchema = z.object({
  status: z.literal('uploaded', { error: 'must be uploaded' }),
  file_size: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
  content_type: text().max(255, tooLong(255)).optional(),
  last_modified: lastModified.nullish(),
});
export type CompleteFileRequestBody = z.infer<typeof CompleteFileRequestBodySchema>;

/** A finished upload, as PATCH /api/file_requests/{id} and GET /api/file_requests/{id} answer it. */
export const FileRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  file_type: z.enum(FILE_TYPES),
  status: z.enum(['pending', 'uploaded']),
  /** Bytes as stored (after re-encoding, for images). */
  file_size: z.number().int().nullable(),
  /** The type Hearth detected from the bytes, never the one the browser claimed. */
  content_type: z.string().nullable(),
  last_modified: z.string().nullable(),
  /** The address that serves it (GET /api/files/{id}); null while pending. */
  url: z.string().nullable(),
  /** A small preview for cards; images only. */
  thumbnail_url: z.string().nullable(),
  has_image: z.boolean(),
  /** Pixels of the re-encoded image (null for other files), so pages can reserve its space. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * A post's photo only, and only in these answers to its uploader (ADR 051): a description
   * drafted from what Hearth read in it (its words, and a vision model's caption when configured).
   * `reading` while the worker reads it; then `done`, with `text` null when nothing was read. A
   * suggestion for the composer to offer: it is never the photo's description by itself.
   */
  alt_draft: z.object({ status: z.enum(['reading', 'done']), text: z.string().nullable() }).nullable(),
});
export type FileRequest = z.infer<typeof FileRequestSchema>;
export type AltDraft = NonNullable<FileRequest['alt_draft']>;

/**
 * The widths a post photo is kept at in WebP besides its 960 px thumbnail and the original (ADR 050),
 * each served as `?variant=w{width}` for a photo wider than it, and chosen by the layouts' `sizes`:
 * a grid tile on a phone or a card (at most ~360 CSS px, so 480 covers most screens at their
 * density; a phone's post page draws three a row, 90-160 CSS px each, for which 240 and 360
 * suffice, as they do for the 56 px previews beside the photo descriptions) and the viewer on a
 * large screen (1280). The one list: the server's sizes, storage keys and addresses, and the
 * variants this contract accepts, are all made from it.
 */
export const PHOTO_WIDTHS = [240, 360, 480, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export type PhotoWidthVariant = `w${PhotoWidth}`;

const FILE_VARIANTS = [
  'original',
  'thumbnail',
  'poster',
  ...PHOTO_WIDTHS.map((width): PhotoWidthVariant => `w${width}`),
] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/**
 * GET /api/files/{id}?variant=thumbnail: the card-sized preview of an image; `poster`: a video's
 * poster frame (a WebP image); `w240`, `w360` … (PHOTO_WIDTHS): a post photo at that width;
 * default: the file.
 */
export const FileQuerySchema = z.object({
  variant: z
    .enum(FILE_VARIANTS, {
      error: `must be ${FILE_VARIANTS.slice(0, -1).join(', ')} or ${FILE_VARIANTS.at(-1)!}`,
    })
    .optional()
    .default('original'),
});
export type FileQuery = z.infer<typeof FileQuerySchema>;
