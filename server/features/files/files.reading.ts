import { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineJob } from '../../jobs/queue';
import { readImageOnce } from '../search/image-reading';
import { findFileById } from './files.repo';
import { writeAvifSizes } from './files.sizes';

export const FILES_READ_IMAGE_JOB = 'files.read-image';

const ReadImagePayloadSchema = z.object({ fileId: z.uuid() });

type ReadingDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'logger'>;

/**
 * After a photo for a post is checked, the worker writes its AVIF widths (ADR 069) and reads it
 * (ADR 051): its words (OCR, 20 s at most) and, when a vision model is configured, its caption
 * (30 s at most). What it reads is kept
 * on the file, so the uploader's composer can offer it as a draft description before the post is
 * written, and the search index later uses the same reading instead of reading the photo again.
 * One photo at a time per process: OCR takes a core while it runs.
 */
export function filesReadImageJob(deps: ReadingDeps) {
  return defineJob({
    name: FILES_READ_IMAGE_JOB,
    schema: ReadImagePayloadSchema,
    retryLimit: 2,
    retryDelaySeconds: 30,
    policy: 'exclusive',
    // OCR's deadline and the caption's run side by side; the rest is reading the file from the store.
    expireInSeconds: 2 * 60,
    batchSize: 1,
    deleteAfterSeconds: 60 * 60,
    async handle({ fileId }) {
      // First its AVIF widths (ADR 069), a second or less, so phones get them soon; a failure there
      // leaves the photo served as WebP and is no reason to skip its reading.
      const file = await findFileById(deps.db, fileId);
      if (file)
        await writeAvifSizes(deps.storage, file).catch((error: unknown) =>
          deps.logger.warn({ err: error, fileId }, 'a photo’s AVIF widths could not be written'),
        );
      await readImageOnce(deps, fileId);
    },
  });
}

/** Queues the reading of a checked photo; pass the transaction that marked it uploaded. */
export async function enqueueImageReading(
  deps: ReadingDeps & Pick<AppContext, 'jobs'>,
  fileId: string,
  tx: DbOrTx,
) {
  await deps.jobs.enqueue(filesReadImageJob(deps), { fileId }, { tx, key: fileId });
}
