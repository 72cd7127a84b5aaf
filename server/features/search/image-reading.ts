import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { files } from '../../db/schema';
import { storageKeys } from '../files/files.keys';
import { captionImage } from './image-caption';
import { readImageText } from './image-text';

/** The worker's files job reads right after upload; the indexer reads what it finds unread. */
export type ImageReadingDeps = Pick<AppContext, 'db' | 'config'> &
  Partial<Pick<AppContext, 'storage' | 'logger'>>;

/** What Hearth read in an image: its words (OCR) and, with a vision model, its caption. */
export interface ImageReading {
  text: string;
  caption: string | null;
}

/** The largest image read. */
const READ_MAX_BYTES = 15 * 1024 * 1024;

/** Readings under way in this process, so the upload's job and the post's indexing share one. */
const underWay = new Map<string, Promise<ImageReading | null>>();

/**
 * The words an image shows (OCR) and, with a vision model configured, its caption; null for a
 * file that is gone. Read once per file: the result is kept on the file (`image_text`,
 * `image_caption`, `image_read_at`), so the search index and the uploader's alt text draft
 * (ADR 051) use the same reading, and editing a post does not read its images again. Reading is a
 * bonus, never a failure: OCR that fails or runs past its deadline keeps '', and a failed caption
 * is not kept, so a later reading asks again. Without `storage` (the CLI's reindex) only what was
 * kept is answered.
 */
export function readImageOnce(deps: ImageReadingDeps, fileId: string): Promise<ImageReading | null> {
  let reading = underWay.get(fileId);
  if (!reading) {
    reading = readImage(deps, fileId).finally(() => underWay.delete(fileId));
    underWay.set(fileId, reading);
  }
  return reading;
}

async function readImage(deps: ImageReadingDeps, fileId: string): Promise<ImageReading | null> {
  const [file] = await deps.db
    .select({ text: files.imageText, caption: files.imageCaption, readAt: files.imageReadAt })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  if (!file) return null;
  const kept = { text: file.text ?? '', caption: file.caption };
  const wantsCaption = deps.config.vision !== null && file.caption === null;
  if ((file.readAt && !wantsCaption) || !deps.storage) return kept;
  let bytes: Buffer | null;
  try {
    bytes = await deps.storage.read(storageKeys(fileId).image, READ_MAX_BYTES);
  } catch (error) {
    deps.logger?.warn({ err: error, fileId }, 'reading an image for its words failed');
    return kept;
  }
  if (!bytes) return null;
  const [text, caption] = await Promise.all([
    file.readAt ? Promise.resolve(kept.text) : readImageText(bytes).catch(() => ''),
    wantsCaption ? captionFor(deps, bytes, fileId) : Promise.resolve(file.caption),
  ]);
  await deps.db
    .update(files)
    .set({ imageText: text, imageCaption: caption, imageReadAt: new Date() })
    .where(eq(files.id, fileId));
  return { text, caption };
}

async function captionFor(deps: ImageReadingDeps, bytes: Buffer, fileId: string): Promise<string | null> {
  try {
    return await captionImage(bytes, deps.config.vision!);
  } catch (error) {
    deps.logger?.warn({ err: error, fileId }, 'captioning an image failed');
    return null;
  }
}
