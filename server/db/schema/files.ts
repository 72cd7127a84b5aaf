import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FILE_TYPES } from '../../../shared/domain/constants';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';

export const fileType = pgEnum('file_type', FILE_TYPES);
export const fileStatus = pgEnum('file_status', ['pending', 'uploaded']);

export const files = pgTable(
  'files',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileType: fileType('file_type').notNull(),
    status: fileStatus('status').notNull().default('pending'),
    /** The object served: the upload while pending, then the checked (re-encoded) copy. */
    storageKey: text('storage_key').notNull(),
    /** Images only: the card-sized preview. */
    thumbnailKey: text('thumbnail_key'),
    /** Detected from the bytes, never the type the browser claimed. */
    contentType: text('content_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Images: the re-encoded image's pixels. Videos: the picture's size as shown (rotation applied). */
    width: integer('width'),
    height: integer('height'),
    /** Videos: the length, read by the worker with ffprobe; null until then, or when unknown. */
    durationMs: integer('duration_ms'),
    /** Videos: one frame re-encoded as a WebP image (files.keys.ts `poster`); null until then or when none could be taken. */
    posterKey: text('poster_key'),
    /** Images: the words the image shows (OCR), kept so the image is read once. */
    imageText: text('image_text'),
    /** Images: a vision model's caption, when one is configured. */
    imageCaption: text('image_caption'),
    /** Images: when the text and caption were read; null until then. */
    imageReadAt: timestamp('image_read_at', { withTimezone: true }),
    /** As the member's device reported it (informational). */
    lastModified: timestamp('last_modified', { withTimezone: true }),
    /** When the upload was checked and kept; the cleanup job's clock for unattached files. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('files_storage_key_idx').on(t.storageKey),
    index('files_user_idx').on(t.userId),
    // The cleanup job's scans: stale pending rows, and uploads older than a day.
    index('files_status_created_idx').on(t.status, t.createdAt),
  ],
);
