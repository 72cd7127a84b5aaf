import type { Readable } from 'node:stream';
import { DATA_EXPORT_LIMITS, DATA_EXPORT_MESSAGES } from '../../../shared/api/data-exports';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { dataExportBuildJob } from './data-exports.job';
import { canDownloadExport } from './data-exports.policy';
import { exportFileName } from './data-exports.presenter';
import {
  findExport,
  findLatestCountedExportSince,
  findPendingExportOf,
  insertExport,
  listExportsOf,
  lockMember,
  type DataExportRow,
} from './data-exports.repo';

export { deleteExportsOf, removeExportsOf } from './data-exports.cleanup';

type ExportContext = Pick<AppContext, 'db' | 'storage' | 'config' | 'logger' | 'jobs' | 'mailer'>;

const THROTTLE_MS = DATA_EXPORT_LIMITS.throttleMinutes * 60 * 1000;

/**
 * Starts an export, or hands back the one already being prepared (a second click or tab is not an
 * error). A new one is allowed once an hour (ADR 021): within the hour of the last export that did
 * not fail, the answer is 429 with Retry-After. The row and its job are written in one transaction,
 * under a lock on the member, so two requests at once start one export.
 */
export async function requestExport(
  context: ExportContext,
  user: { id: string },
  now: Date = new Date(),
): Promise<{ row: DataExportRow; created: boolean }> {
  return context.db.transaction(async (tx) => {
    await lockMember(tx, user.id);
    const pending = await findPendingExportOf(tx, user.id);
    if (pending) return { row: pending, created: false };
    const recent = await findLatestCountedExportSince(tx, user.id, new Date(now.getTime() - THROTTLE_MS));
    if (recent) {
      const retryAfter = Math.ceil((recent.createdAt.getTime() + THROTTLE_MS - now.getTime()) / 1000);
      throw new HttpError(
        429,
        { error: DATA_EXPORT_MESSAGES.throttled },
        { 'retry-after': String(Math.max(1, retryAfter)) },
      );
    }
    const row = await insertExport(tx, user.id, now);
    await context.jobs.enqueue(dataExportBuildJob(context), { exportId: row.id }, { tx, key: row.id });
    return { row, created: true };
  });
}

export async function listExports(context: Pick<AppContext, 'db'>, user: { id: string }) {
  return listExportsOf(context.db, user.id, DATA_EXPORT_LIMITS.listed);
}

/**
 * The owner's zip as a stream with its file name, or null (→ 404) for an export that is not theirs,
 * not ready, expired, or whose zip is gone.
 */
export async function openExportDownload(
  context: Pick<AppContext, 'db' | 'storage'>,
  user: { id: string; username: string },
  exportId: string,
  now: Date = new Date(),
): Promise<{ stream: Readable; size: number; fileName: string } | null> {
  const row = await findExport(context.db, exportId);
  if (!row || !canDownloadExport(user, row, now)) return null;
  const opened = await context.storage.openRead(row.storageKey!);
  if (!opened) return null;
  return { ...opened, fileName: exportFileName(user.username, row.createdAt) };
}
