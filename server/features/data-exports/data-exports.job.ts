import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/queue';
import { runExportBuild } from './data-exports.build';
import { sweepExpiredExports } from './data-exports.cleanup';

export const DATA_EXPORT_BUILD_JOB = 'data-exports.build';
export const DATA_EXPORTS_CLEANUP_JOB = 'data-exports.cleanup';

export const DataExportJobSchema = z.object({ exportId: z.string().uuid() });

type BuildDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'logger' | 'jobs' | 'mailer'>;

/** Builds a member's export (data-exports.build.ts); one at a time per worker, as a zip can be large. */
export function dataExportBuildJob(deps: BuildDeps) {
  return defineJob({
    name: DATA_EXPORT_BUILD_JOB,
    schema: DataExportJobSchema,
    retryLimit: 3,
    retryDelaySeconds: 30,
    batchSize: 1,
    expireInSeconds: 30 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle({ exportId }, attempt) {
      await runExportBuild(deps, exportId, attempt);
    },
  });
}

/** Hourly: deletes expired exports (zip and row) and fails exports whose job was lost. */
export function dataExportsCleanupJob(deps: Pick<AppContext, 'db' | 'storage' | 'logger'>) {
  return defineJob({
    name: DATA_EXPORTS_CLEANUP_JOB,
    schema: z.object({}),
    schedule: { cron: '41 * * * *', payload: {} },
    retryLimit: 3,
    retryDelaySeconds: 60,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle() {
      await sweepExpiredExports(deps);
    },
  });
}
