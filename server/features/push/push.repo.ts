import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { pushSettings, pushSubscriptions } from '../../db/schema';
import type { QuietHours } from './quiet-hours';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a device's subscription for the member's session. The same endpoint subscribed again (new
 * keys after the browser renewed it, or another member signed in on that browser) takes the row
 * over rather than adding one: an endpoint reaches one browser profile, which is one device.
 */
export async function saveSubscription(
  db: DbOrTx,
  input: {
    userId: string;
    sessionId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
): Promise<{ row: PushSubscriptionRow; created: boolean }> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: input.userId,
        sessionId: input.sessionId,
        p256dh: input.p256dh,
        auth: input.auth,
        userAgent: input.userAgent,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ ...getTableColumns(pushSubscriptions), created: sql<boolean>`xmax = 0` });
  const { created, ...saved } = row!;
  return { row: saved, created: Boolean(created) };
}

export async function listSubscriptions(db: DbOrTx, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** Deletes the member's own subscription; another member's id deletes nothing (answers false). */
export async function deleteOwnSubscription(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function findSubscription(db: DbOrTx, id: string): Promise<PushSubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

/** The push service said the subscription is gone (404/410): so is the row. */
export async function deleteSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionUsed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/** Wakes the workers when pushes were queued; heard only if the transaction that queued them commits. */
export const PUSH_QUEUED_CHANNEL = 'hearth_push';

/**
 * Of the notifications just recorded, queues for pushing those whose recipient has a device (a
 * member without one costs nothing more), and wakes the workers. Answers how many were queued.
 */
export async function queueForPush(db: DbOrTx, notificationIds: string[]): Promise<number> {
  if (notificationIds.length === 0) return 0;
  const result = await db.execute(sql`
    insert into push_outbox (notification_id)
    select n.id from notifications n
    where n.id in (${sql.join(
      notificationIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and exists (select 1 from push_subscriptions s where s.user_id = n.recipient_id)
    on conflict do nothing
    returning notification_id`);
  const queued = rowsOf(result).length;
  if (queued > 0) await db.execute(sql`select pg_notify(${PUSH_QUEUED_CHANNEL}, '')`);
  return queued;
}

/**
 * Takes up to `limit` queued notifications off the outbox, oldest first. Rows another worker is
 * taking are passed over, so two workers never take the same one; call it in the transaction that
 * queues their jobs, so a crash in between loses nothing.
 */
export async function takeQueued(db: DbOrTx, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    delete from push_outbox where notification_id in (
      select notification_id from push_outbox order by created_at limit ${limit} for update skip locked)
    returning notification_id`);
  return rowsOf<{ notification_id: string }>(result).map((row) => row.notification_id);
}

/** The recipient's devices, for one notification's pushes. */
export async function subscriptionIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.id);
}

export interface PushSettingsRow {
  quiet: QuietHours | null;
  hideContents: boolean;
}

export async function findPushSettings(db: DbOrTx, userId: string): Promise<PushSettingsRow> {
  const [row] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
  const quiet =
    row && row.quietStart !== null && row.quietEnd !== null
      ? { start: row.quietStart, end: row.quietEnd, timeZone: row.timeZone }
      : null;
  return { quiet, hideContents: row?.hideContents ?? false };
}

/** Stores the member's push settings (`quiet` null: no quiet hours). */
export async function savePushSettings(db: DbOrTx, userId: string, settings: PushSettingsRow): Promise<void> {
  const values = {
    quietStart: settings.quiet?.start ?? null,
    quietEnd: settings.quiet?.end ?? null,
    timeZone: settings.quiet?.timeZone ?? 'UTC',
    hideContents: settings.hideContents,
  };
  await db
    .insert(pushSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushSettings.userId, set: values });
}
