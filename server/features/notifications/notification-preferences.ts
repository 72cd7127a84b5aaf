import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  type MailDelivery,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../../shared/domain/constants';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/**
 * Mail for each kind when the member has not chosen (ADR 016): at once for what someone waits on or
 * is about you personally, a daily digest for the pleasant but not urgent, nothing for what you
 * watch happen in the app anyway.
 */
export const DEFAULT_DELIVERY: Record<NotificationKind, MailDelivery> = {
  comment: 'instant',
  reply: 'instant',
  mention: 'instant',
  join_request: 'instant',
  request_answered: 'instant',
  group_invitation: 'instant',
  group_removed: 'instant',
  content_removed: 'instant',
  post_like: 'daily',
  link_like: 'daily',
  reaction: 'daily',
  follow: 'daily',
  role_changed: 'daily',
  invitation_redeemed: 'daily',
  group_post: 'daily',
  event_changed: 'instant',
  event_promoted: 'instant',
  // A reminder is only worth something on time: the digest would bring it a day late.
  event_reminder: 'instant',
  event_scheduled: 'instant',
  // Mailed only when still unread after a quiet period (MESSAGE_MAIL_QUIET_MS), one mail a conversation.
  message: 'instant',
  link_ready: 'off',
  link_failed: 'off',
};

/**
 * Pushes to the member's devices when they have not chosen (ADR 052): what someone waits on or is
 * about them personally, and new posts of the groups they follow at `all` (the group level decides
 * who gets those at all); the kinds a digest gathers are not worth waking a phone for.
 */
export const DEFAULT_PUSH: Record<NotificationKind, boolean> = {
  comment: true,
  reply: true,
  mention: true,
  join_request: true,
  request_answered: true,
  group_invitation: true,
  group_removed: true,
  content_removed: true,
  group_post: true,
  event_changed: true,
  event_promoted: true,
  event_reminder: true,
  event_scheduled: true,
  message: true,
  post_like: false,
  link_like: false,
  reaction: false,
  follow: false,
  role_changed: false,
  invitation_redeemed: false,
  link_ready: false,
  link_failed: false,
};

export interface NotificationPreferenceRow {
  kind: NotificationKind;
  delivery: MailDelivery;
  push: boolean;
}

/** Every kind with the member's mail delivery and push (their choice, else the default), in NOTIFICATION_KINDS order. */
export async function listPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferenceRow[]> {
  const rows = await db
    .select({
      kind: notificationPreferences.kind,
      delivery: notificationPreferences.delivery,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    delivery: chosen.get(kind)?.delivery ?? DEFAULT_DELIVERY[kind],
    push: chosen.get(kind)?.push ?? DEFAULT_PUSH[kind],
  }));
}

/**
 * Stores the member's choices (later entries for the same kind win). An entry without `push`
 * leaves the kind's push as it was (a one-click unsubscribe from mail changes no push).
 */
export async function savePreferences(
  db: DbOrTx,
  userId: string,
  preferences: Array<{ kind: NotificationKind; delivery: MailDelivery; push?: boolean | undefined }>,
): Promise<void> {
  const byKind = new Map(preferences.map((entry) => [entry.kind, entry]));
  if (byKind.size === 0) return;
  await db
    .insert(notificationPreferences)
    .values(
      [...byKind.values()].map(({ kind, delivery, push }) => ({
        userId,
        kind,
        delivery,
        push: push ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        delivery: sql`excluded.delivery`,
        push: sql`coalesce(excluded.push, ${notificationPreferences.push})`,
      },
    });
}

/** Whether a member wants this kind pushed, from their choice for it (null: none, the kind's default). */
export function pushWanted(kind: NotificationKind, chosen: boolean | null): boolean {
  return chosen ?? DEFAULT_PUSH[kind];
}

/** Every kind off (a one-click unsubscribe from all notification mail). */
export async function turnAllOff(db: DbOrTx, userId: string): Promise<void> {
  await savePreferences(
    db,
    userId,
    NOTIFICATION_KINDS.map((kind) => ({ kind, delivery: 'off' as const })),
  );
}

/** Whether the member has this delivery for the kind now. */
export async function deliveryOf(db: DbOrTx, userId: string, kind: NotificationKind): Promise<MailDelivery> {
  const [row] = await db
    .select({ delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row?.delivery ?? DEFAULT_DELIVERY[kind];
}

/**
 * SQL: the delivery of notification row `n` for its recipient (their choice, else the default), for
 * the mail sweeps. Names `n.recipient_id` and `n.kind` literally.
 */
export function rowDeliverySql(): SQL {
  const defaults = sql.join(
    NOTIFICATION_KINDS.map((kind) => sql`when ${kind} then ${DEFAULT_DELIVERY[kind]}`),
    sql` `,
  );
  return sql`coalesce(
    (select np.delivery from notification_preferences np where np.user_id = n.recipient_id and np.kind = n.kind),
    case n.kind ${defaults} end)`;
}
