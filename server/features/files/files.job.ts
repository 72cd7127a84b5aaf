import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/queue';
import { allStorageKeys, storageKeys } from './files.keys';
import { deleteAbandonedFiles, listCompletedBetween } from './files.repo';
import { UPLOAD_URL_SECONDS } from './files.service';

export const FILES_CLEANUP_JOB = 'files.cleanup';

const HOUR_MS = 60 * 60 * 1000;
/** A file unattached (or never completed) for this long is deleted. */
export const ABANDONED_AFTER_MS = 24 * HOUR_MS;
const BATCH = 25;

type CleanupDeps = Pick<AppContext, 'db' | 'storage' | 'logger'>;

/**
 * Hourly, and idempotent: removes the rows and stored objects of abandoned files (see
 * deleteAbandonedFiles). A deleted post leaves its file to this job, as does a replaced or removed
 * profile picture. Each batch deletes its rows and objects in one transaction: if an object cannot
 * be deleted the rows come back and the next run tries again; if the process dies after the objects
 * went, the rows (still abandoned) go next time.
 */
export function filesCleanupJob(deps: CleanupDeps) {
  return defineJob({
    name: FILES_CLEANUP_JOB,
    schema: z.object({}),
    schedule: { cron: '17 * * * *', payload: {} },
    retryLimit: 3,
    retryDelaySeconds: 60,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle() {
      await sweepFiles(deps);
    },
  });
}

export async function sweepFiles(deps: CleanupDeps, now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  let deleted = 0;
  for (;;) {
    const ids = await deps.db.transaction(async (tx) => {
      const batch = await deleteAbandonedFiles(tx, cutoff, BATCH);
      for (const id of batch) {
        for (const key of allStorageKeys(id)) await deps.storage.delete(key);
      }
      return batch;
    });
    deleted += ids.length;
    if (ids.length < BATCH) break;
  }

  // A signed upload URL keeps working for a while after its file was completed; anything PUT there
  // since is never served, but would take space. Completed files whose URL has expired lose it.
  // Hourly runs over a three-hour window: each file is looked at more than once.
  const expired = new Date(now.getTime() - UPLOAD_URL_SECONDS * 1000 - 60_000);
  const completed = await listCompletedBetween(deps.db, new Date(now.getTime() - 3 * HOUR_MS), expired);
  for (const id of completed) await deps.storage.delete(storageKeys(id).upload);

  if (deleted > 0) deps.logger.info({ deleted }, 'removed abandoned files');
  return { deleted, leftoverUploadsChecked: completed.length };
}
