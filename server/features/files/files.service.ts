import { randomUUID } from 'node:crypto';
import type { CompleteFileRequestBody, CreateFileRequestBody } from '../../../shared/api/files';
import { formatBytes } from '../../../shared/domain/format-bytes';
import { ObjectTooLargeError, type SignedUrl, StorageFullError } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import { type HttpError, invalidField, notFound } from '../../http/errors';
import { ACCEPTED_TYPES_MESSAGE, type DetectedType, detectFileType, IMAGE_FORMATS } from './files.detect';
import { IMAGE_LIMITS, ImageRejectedError, processImage } from './files.images';
import { allStorageKeys, storageKeys } from './files.keys';
import { enqueueImageReading } from './files.reading';
import { enqueueVideoReading } from './files.video';
import { writeSizedImages } from './files.sizes';
import {
  type FileRow,
  findOwnFile,
  insertPendingFile,
  markUploaded,
  setAvatar,
  storedBytes,
  type UploadedValues,
} from './files.repo';

/** How long a signed upload URL works. */
export const UPLOAD_URL_SECONDS = 15 * 60;

type FilesDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'logger' | 'jobs'>;

const quotaMessage = (quota: number) =>
  `would go over your storage quota of ${formatBytes(quota)}: remove posts with files you no longer need`;

/** A pending file row and where to PUT its bytes. Refused once the member's quota is used up. */
export async function requestUpload(
  deps: FilesDeps,
  userId: string,
  input: CreateFileRequestBody,
): Promise<{ row: FileRow; upload: SignedUrl }> {
  if ((await storedBytes(deps.db, userId)) >= deps.config.uploadQuotaBytes) {
    throw invalidField('file', quotaMessage(deps.config.uploadQuotaBytes));
  }
  const id = randomUUID();
  const row = await insertPendingFile(deps.db, {
    id,
    userId,
    name: input.name,
    fileType: input.file_type,
    storageKey: storageKeys(id).upload,
  });
  return { row, upload: await deps.storage.signUpload(row.storageKey, UPLOAD_URL_SECONDS) };
}

/** The member's own file; another member's (or an unknown id) is a 404. */
export async function loadOwnFile(deps: Pick<FilesDeps, 'db'>, fileId: string, userId: string) {
  const row = await findOwnFile(deps.db, fileId, userId);
  if (!row) throw notFound();
  return row;
}

/**
 * Marks an upload done, after checking it: present, within the size limit and the quota, a type on
 * the allow-list by its bytes. Images are re-encoded (see files.images.ts) and a post's photo is
 * queued to be read (files.reading.ts); a video is queued for its poster and duration
 * (files.video.ts). The checked bytes are
 * written under a new key and the upload removed. A profile picture becomes the member's avatar.
 * Completing a finished file answers it unchanged. A refused upload's bytes are deleted; its row
 * stays pending and the cleanup job removes it.
 */
export async function completeUpload(
  deps: FilesDeps,
  userId: string,
  fileId: string,
  input: CompleteFileRequestBody,
): Promise<FileRow> {
  const row = await loadOwnFile(deps, fileId, userId);
  if (row.status === 'uploaded') return row;
  const { storage, config } = deps;
  const keys = storageKeys(row.id);
  const refuse = async (message: string): Promise<HttpError> => {
    await storage.delete(keys.upload);
    return invalidField('file', message);
  };
  const tooLarge = `is too large (maximum is ${formatBytes(config.uploadMaxBytes)})`;

  const stored = await storage.head(keys.upload);
  if (!stored) return loadAfterRace(deps, row);
  if (stored.size === 0) throw await refuse('is empty');
  if (stored.size > config.uploadMaxBytes) throw await refuse(tooLarge);
  if ((await storedBytes(deps.db, userId)) + stored.size > config.uploadQuotaBytes) {
    throw await refuse(quotaMessage(config.uploadQuotaBytes));
  }

  let bytes: Buffer | null;
  try {
    bytes = await storage.read(keys.upload, config.uploadMaxBytes);
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw await refuse(tooLarge);
    throw error;
  }
  if (!bytes) return loadAfterRace(deps, row);

  const type = await detectFileType(bytes);
  if (!type) throw await refuse(ACCEPTED_TYPES_MESSAGE);
  if (row.fileType === 'profile' && !type.isImage) {
    throw await refuse('must be an image (JPEG, PNG, WebP, GIF or AVIF)');
  }
  let kept: Omit<UploadedValues, 'lastModified'>;
  try {
    kept = type.isImage
      ? await keepImage(deps, row, bytes, type)
      : await keepDocument(deps, row, bytes, type);
  } catch (error) {
    if (error instanceof StorageFullError) {
      // No room for the checked copy: drop whatever of it was written, and the upload too (its
      // space is better given back; the member uploads again). The row stays pending, pointing at
      // no kept file, and the cleanup job removes it. Answered 507.
      for (const key of allStorageKeys(row.id)) {
        await storage.delete(key).catch(() => undefined);
      }
      throw error;
    }
    if (!(error instanceof ImageRejectedError)) throw error;
    const megapixels = IMAGE_LIMITS.maxInputPixels / 1_000_000;
    throw await refuse(
      error.reason === 'too_many_pixels'
        ? `is too large an image (more than ${megapixels} megapixels)`
        : 'is not an image Hearth can read',
    );
  }

  const updated = await deps.db.transaction(async (tx) => {
    const done = await markUploaded(tx, row.id, { ...kept, lastModified: toDate(input.last_modified) });
    if (done && row.fileType === 'profile') await setAvatar(tx, userId, row.id);
    // The worker reads its length and takes a poster frame (files.video.ts).
    if (done && type.mime.startsWith('video/')) await enqueueVideoReading(deps, row.id, tx);
    // A post's photo is read for its words (and caption) to draft its description (files.reading.ts).
    if (done && type.isImage && row.fileType === 'post_attachment')
      await enqueueImageReading(deps, row.id, tx);
    return done;
  });
  await storage.delete(keys.upload).catch((error: unknown) => {
    deps.logger.warn(
      { err: error, fileId: row.id },
      'could not delete a checked upload; the cleanup job will',
    );
  });
  return updated ?? loadOwnFile(deps, fileId, userId);
}

/** The upload vanished mid-way: another request completed it (answer that), or it never came. */
async function loadAfterRace(deps: FilesDeps, row: FileRow): Promise<FileRow> {
  const now = await loadOwnFile(deps, row.id, row.userId);
  if (now.status === 'uploaded') return now;
  throw invalidField('file', 'was not uploaded: send the file to the upload URL first');
}

async function keepImage(deps: FilesDeps, row: FileRow, bytes: Buffer, type: DetectedType) {
  const keys = storageKeys(row.id);
  const processed = await processImage(bytes, IMAGE_FORMATS[type.mime]!, row.fileType);
  await deps.storage.write(keys.image, processed.image, processed.contentType);
  if (processed.thumbnail) {
    await deps.storage.write(keys.thumbnail, processed.thumbnail, processed.contentType);
    // A post photo's other widths for `srcset` (ADR 050); a profile picture has none.
    await writeSizedImages(deps.storage, row.id, processed.image, processed.width);
  }
  return {
    storageKey: keys.image,
    thumbnailKey: processed.thumbnail ? keys.thumbnail : null,
    contentType: processed.contentType,
    fileSize: processed.image.length,
    width: processed.width,
    height: processed.height,
  };
}

/** Written again from the bytes that were checked: what is served is exactly what passed. */
async function keepDocument(deps: FilesDeps, row: FileRow, bytes: Buffer, type: DetectedType) {
  const key = storageKeys(row.id).file;
  await deps.storage.write(key, bytes, type.mime);
  return {
    storageKey: key,
    thumbnailKey: null,
    contentType: type.mime,
    fileSize: bytes.length,
    width: null,
    height: null,
  };
}

function toDate(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
