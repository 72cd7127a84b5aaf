import { eq } from 'drizzle-orm';
import { DATA_EXPORT_LIMITS } from '../../../shared/api/data-exports';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { JobAttempt } from '../../jobs/queue';
import { enqueueMail } from '../mail/mail.job';
import { memberLocale } from '../users/users.repo';
import { buildArchive, ExportOwnerMissingError } from './data-exports.archive';
import { findExport, markFailed, markReady } from './data-exports.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where an export's zip is stored: named by the export's id, so a rerun overwrites, never adds. */
export const exportStorageKey = (exportId: string) => `${exportId}.zip`;

type BuildDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'logger' | 'jobs' | 'mailer'>;

/**
 * Builds one export: the zip, stored under the export's own key, then ready + the mail in one
 * transaction. Idempotent on the export id: an export no longer pending is left alone, and a second
 * run racing the first overwrites the same object and finds the row already ready. On the last
 * attempt a failure marks the export failed (the member may ask again); before it, it is retried.
 */
export async function runExportBuild(
  deps: BuildDeps,
  exportId: string,
  attempt: JobAttempt,
  now = () => new Date(),
) {
  const row = await findExport(deps.db, exportId);
  if (!row || row.status !== 'pending') return;
  const key = exportStorageKey(row.id);
  try {
    // Dated by the request, not the run: a second run racing the first (a redelivered job) writes
    // the same bytes to the same key, so the size recorded by whichever marks it ready holds.
    const archive = await buildArchive(deps, row.userId, row.createdAt);
    try {
      await deps.storage.writeFile(key, archive.filePath, 'application/zip');
    } finally {
      await archive.dispose();
    }
    const completedAt = now();
    const expiresAt = new Date(completedAt.getTime() + DATA_EXPORT_LIMITS.keepDays * DAY_MS);
    const marked = await deps.db.transaction(async (tx) => {
      if (
        !(await markReady(tx, row.id, {
          storageKey: key,
          byteSize: archive.byteSize,
          completedAt,
          expiresAt,
        }))
      )
        return false;
      const [owner] = await tx
        .select({
          email: users.email,
          timeZone: users.timeZone,
          locale: users.locale,
          browserLocale: users.browserLocale,
        })
        .from(users)
        .where(eq(users.id, row.userId));
      if (owner) {
        await enqueueMail(deps, tx, {
          template: 'data_export_ready',
          to: owner.email,
          locale: memberLocale(owner),
          expiresAt: expiresAt.toISOString(),
          timeZone: owner.timeZone,
        });
      }
      return true;
    });
    if (!marked) await dropUnclaimedZip(deps, row.id, key);
  } catch (error) {
    if (error instanceof ExportOwnerMissingError) return;
    if (!attempt.final) throw error;
    deps.logger.error({ err: error, exportId }, 'data export failed; the member can ask again');
    await markFailed(deps.db, row.id, now());
    await dropUnclaimedZip(deps, row.id, key);
  }
}

/** The zip of an export that is gone or failed is nobody's: delete it. A ready one keeps its zip. */
async function dropUnclaimedZip(deps: BuildDeps, exportId: string, key: string) {
  const current = await findExport(deps.db, exportId);
  if (current?.status === 'ready' && current.storageKey === key) return;
  await deps.storage.delete(key);
}
