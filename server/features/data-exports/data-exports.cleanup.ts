import { DATA_EXPORT_LIMITS } from '../../../shared/api/data-exports';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  deleteExports,
  failStalePending,
  lockExpiredExports,
  lockExportsOf,
  type DataExportRow,
} from './data-exports.repo';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** An export still pending after this long has lost its job (the job gives up well before). */
export const STALE_PENDING_MS = 6 * HOUR_MS;
const BATCH = 25;

type CleanupDeps = Pick<AppContext, 'db' | 'storage' | 'logger'>;

/**
 * Deletes the stored zips, then the rows, inside the caller's transaction: if a zip cannot be
 * deleted the transaction fails and the rows stay for the next try (deleting an absent zip is fine).
 */
async function removeExports(
  tx: DbOrTx,
  storage: CleanupDeps['storage'],
  rows: Array<Pick<DataExportRow, 'id' | 'storageKey'>>,
) {
  for (const row of rows) if (row.storageKey) await storage.delete(row.storageKey);
  await deleteExports(
    tx,
    rows.map((row) => row.id),
  );
}

/**
 * Hourly: ready exports past their expiry and failed ones older than the keep period lose their zip
 * and their row; exports pending for hours (their job lost) are marked failed so the member can ask
 * again. Idempotent, and safe with several workers (rows are locked, busy ones skipped).
 */
export async function sweepExpiredExports(deps: CleanupDeps, now: Date = new Date()) {
  const staleFailed = await failStalePending(deps.db, new Date(now.getTime() - STALE_PENDING_MS), now);
  const failedBefore = new Date(now.getTime() - DATA_EXPORT_LIMITS.keepDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const rows = await lockExpiredExports(tx, now, failedBefore, BATCH);
      await removeExports(tx, deps.storage, rows);
      return rows.length;
    });
    deleted += count;
    if (count < BATCH) break;
  }
  if (deleted > 0 || staleFailed > 0) deps.logger.info({ deleted, staleFailed }, 'swept data exports');
  return { deleted, staleFailed };
}

/**
 * Removes every export of a member, their stored zips included: for account deletion, which would
 * otherwise cascade the rows and leave the zips behind. Pass the deletion's transaction as `tx` to
 * make it part of it; a build job still running for the member finds its row gone and deletes its zip.
 */
export async function deleteExportsOf(
  deps: Pick<AppContext, 'db' | 'storage'>,
  userId: string,
  tx?: DbOrTx,
): Promise<number> {
  return tx
    ? removeExportsOf(tx, deps.storage, userId)
    : deps.db.transaction((t) => removeExportsOf(t, deps.storage, userId));
}

/** Removes a member's exports, zips first, within the caller's transaction (account deletion). */
export async function removeExportsOf(
  db: DbOrTx,
  storage: AppContext['storage'],
  userId: string,
): Promise<number> {
  const rows = await lockExportsOf(db, userId);
  await removeExports(db, storage, rows);
  return rows.length;
}
