import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/domain/constants';
import { type DbOrTx, rowsOf } from '../../db/client';
import {
  notificationPreferences,
  notifications,
  pushSettings,
  pushSubscriptions,
  users,
} from '../../db/schema';
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

/** A device's subscription as a push needs it: where it goes, its keys, and whether its member hides contents. */
export interface SubscriptionForPush {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  hideContents: boolean;
  /** The member's chosen language and their browser's: what the push is worded in (ADR 055). */
  locale: string | null;
  browserLocale: string | null;
}

/** The subscriptions of a delivery job that still exist, by id. */
export async function findSubscriptionsForPush(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, SubscriptionForPush>> {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      hideContents: sql<boolean>`coalesce(${pushSettings.hideContents}, false)`,
      locale: users.locale,
      browserLocale: users.browserLocale,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .leftJoin(pushSettings, eq(pushSettings.userId, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The push service said these subscriptions are gone (404/410): so are the rows. */
export async function deleteSubscriptions(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markSubscriptionsUsed(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(inArray(pushSubscriptions.id, ids));
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

/** One device of a taken notification's recipient, with what decides whether it is pushed now. */
export interface PushTarget {
  notificationId: string;
  recipientId: string;
  kind: NotificationKind;
  subscriptionId: string;
  /** The recipient's push choice for the kind (null: the kind's default). */
  push: boolean | null;
  quiet: QuietHours | null;
}

/**
 * Every device of every recipient of these notifications, with the recipient's push choice for
 * the notification's kind and their quiet hours: one query for a whole batch, however many
 * members it reaches (a group post tells a thousand at once).
 */
export async function pushTargetsOf(db: DbOrTx, notificationIds: string[]): Promise<PushTarget[]> {
  if (notificationIds.length === 0) return [];
  const rows = await db
    .select({
      notificationId: notifications.id,
      recipientId: notifications.recipientId,
      kind: notifications.kind,
      subscriptionId: pushSubscriptions.id,
      push: notificationPreferences.push,
      quietStart: pushSettings.quietStart,
      quietEnd: pushSettings.quietEnd,
      timeZone: pushSettings.timeZone,
    })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.recipientId))
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, notifications.recipientId),
        eq(notificationPreferences.kind, notifications.kind),
      ),
    )
    .leftJoin(pushSettings, eq(pushSettings.userId, notifications.recipientId))
    .where(inArray(notifications.id, notificationIds));
  return rows.map(({ quietStart, quietEnd, timeZone, ...row }) => ({
    ...row,
    quiet: quietOf({ quietStart, quietEnd, timeZone }),
  }));
}

export interface PushSettingsRow {
  quiet: QuietHours | null;
  hideContents: boolean;
}

export async function findPushSettings(db: DbOrTx, userId: string): Promise<PushSettingsRow> {
  const [row] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
  return { quiet: row ? quietOf(row) : null, hideContents: row?.hideContents ?? false };
}

/** Quiet hours from their columns: none unless both ends are set. */
function quietOf(row: {
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string | null;
}): QuietHours | null {
  return row.quietStart !== null && row.quietEnd !== null
    ? { start: row.quietStart, end: row.quietEnd, timeZone: row.timeZone ?? 'UTC' }
    : null;
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
