import { and, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dataExports, users } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * Holds the member's row until the transaction ends, so two requests for an export from the same
 * member (two tabs, a double click) run one after the other and cannot both start one.
 */
export async function lockMember(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertExport(tx: DbOrTx, userId: string, now: Date): Promise<DataExportRow> {
  const [row] = await tx
    .insert(dataExports)
    .values({ userId, status: 'pending', createdAt: now })
    .returning();
  return row!;
}

export async function findExport(db: DbOrTx, id: string): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row ?? null;
}

/** The member's exports, newest first. */
export async function listExportsOf(db: DbOrTx, userId: string, limit: number): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
}

export async function findPendingExportOf(db: DbOrTx, userId: string): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ?? null;
}

/** The newest export since `since` that counts against the throttle (a failed one does not). */
export async function findLatestCountedExportSince(
  db: DbOrTx,
  userId: string,
  since: Date,
): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed'), gt(dataExports.createdAt, since)),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ?? null;
}

/** Pending → ready. False when the export is no longer pending (done by an earlier run, or deleted). */
export async function markReady(
  tx: DbOrTx,
  id: string,
  fields: { storageKey: string; byteSize: number; completedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(dataExports)
    .set({ status: 'ready', ...fields })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Pending → failed; the member may ask again at once. */
export async function markFailed(db: DbOrTx, id: string, completedAt: Date): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed', completedAt })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/**
 * Exports pending since before `cutoff`: their job is long gone (its retries spent or its queue
 * rows lost), so the cleanup marks them failed and the member can ask again.
 */
export async function failStalePending(db: DbOrTx, cutoff: Date, now: Date): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed', completedAt: now })
    .where(and(eq(dataExports.status, 'pending'), lte(dataExports.createdAt, cutoff)))
    .returning({ id: dataExports.id });
  return rows.length;
}

/**
 * Up to `limit` exports whose time is over: ready ones past `expires_at`, failed ones older than
 * `failedBefore`. Locked and skipped by a concurrent sweep, so two workers never fight over a row.
 */
export async function lockExpiredExports(
  tx: DbOrTx,
  now: Date,
  failedBefore: Date,
  limit: number,
): Promise<Array<Pick<DataExportRow, 'id' | 'storageKey'>>> {
  return tx
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(
      sql`(${dataExports.status} = 'ready' and ${dataExports.expiresAt} <= ${now.toISOString()})
        or (${dataExports.status} = 'failed' and ${dataExports.createdAt} <= ${failedBefore.toISOString()})`,
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function lockExportsOf(
  tx: DbOrTx,
  userId: string,
): Promise<Array<Pick<DataExportRow, 'id' | 'storageKey'>>> {
  return tx
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .for('update');
}

export async function deleteExports(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(dataExports).where(inArray(dataExports.id, ids));
}
