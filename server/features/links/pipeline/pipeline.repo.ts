import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { links } from '../../../db/schema';

export type LinkRow = typeof links.$inferSelect;
/** The columns the pipeline writes. */
export type LinkPatch = Partial<
  Pick<
    LinkRow,
    | 'status'
    | 'step'
    | 'error'
    | 'errorRetryable'
    | 'processedAt'
    | 'domain'
    | 'title'
    | 'sentenceSummary'
    | 'paragraphSummary'
    | 'markdownContent'
    | 'finalUrl'
    | 'redirectChain'
    | 'leadImageUrl'
    | 'leadImageKey'
    | 'siteName'
    | 'language'
    | 'safetyVerdict'
    | 'safetyReasons'
  >
>;

export async function findLinkForProcessing(db: DbOrTx, linkId: string): Promise<LinkRow | null> {
  const [row] = await db.select().from(links).where(eq(links.id, linkId)).limit(1);
  return row ?? null;
}

/**
 * Marks a run as started: pending or processing becomes processing, one more attempt is counted.
 * Returns null when the link is gone or no longer waits for processing (ready, or failed and not retried).
 */
export async function startProcessing(db: DbOrTx, linkId: string, step: string): Promise<LinkRow | null> {
  const [row] = await db
    .update(links)
    .set({ status: 'processing', step, attempts: sql`${links.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(links.id, linkId), inArray(links.status, ['pending', 'processing'])))
    .returning();
  return row ?? null;
}

export async function updateLink(db: DbOrTx, linkId: string, patch: LinkPatch): Promise<LinkRow> {
  const [row] = await db
    .update(links)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(links.id, linkId))
    .returning();
  if (!row) throw new Error(`link ${linkId} disappeared while it was processed`);
  return row;
}

/** A failed link back to pending for another run; null when it was not failed (nothing to retry). */
export async function resetFailedLink(db: DbOrTx, linkId: string): Promise<LinkRow | null> {
  const [row] = await db
    .update(links)
    .set({ status: 'pending', error: null, errorRetryable: null, updatedAt: new Date() })
    .where(and(eq(links.id, linkId), eq(links.status, 'failed')))
    .returning();
  return row ?? null;
}

/** Links that have waited (pending) or been processing without progress since `before`. */
export async function listStaleLinks(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<Array<Pick<LinkRow, 'id' | 'userId' | 'visibility' | 'attempts' | 'step'>>> {
  return db
    .select({
      id: links.id,
      userId: links.userId,
      visibility: links.visibility,
      attempts: links.attempts,
      step: links.step,
    })
    .from(links)
    .where(and(inArray(links.status, ['pending', 'processing']), lt(links.updatedAt, before)))
    .orderBy(links.updatedAt)
    .limit(limit);
}
