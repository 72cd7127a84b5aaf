// Raw SQL for the delivery expression (a member's choice, else the kind's default) on each row `n`.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MailDelivery, NotificationKind } from '../../../shared/domain/constants';
import type { Locale } from '../../../shared/domain/locales';
import { type DbOrTx, rowsOf } from '../../db/client';
import { notifications } from '../../db/schema';
import type { QuietHours } from '../push/quiet-hours';
import { memberLocale } from '../users/users.repo';
import { rowDeliverySql } from './notification-preferences';

/** A notification to mail at once; a message's carries its recipient's quiet hours (null: none). */
export interface InstantCandidate {
  id: string;
  kind: NotificationKind;
  quiet: QuietHours | null;
}

/**
 * Unread, unmailed notifications whose recipient wants them at once, newer than `since`. A message
 * waits until `messagesBefore` (its quiet period, ADR 060) and is not mailed again while its
 * conversation's line holds a mailed row still unread: one mail a conversation until it is read.
 */
export async function listInstantCandidates(
  db: DbOrTx,
  { since, messagesBefore, limit }: { since: Date; messagesBefore: Date; limit: number },
): Promise<InstantCandidate[]> {
  const result = await db.execute(sql`
    select n.id, n.kind, ps.quiet_start, ps.quiet_end, ps.time_zone
    from notifications n
    left join push_settings ps on n.kind = 'message' and ps.user_id = n.recipient_id
    where n.mailed_at is null and n.read_at is null and n.created_at > ${since.toISOString()}::timestamptz
      and ${rowDeliverySql()} = 'instant'
      and (n.kind <> 'message' or (n.created_at <= ${messagesBefore.toISOString()}::timestamptz
        and not exists (
          select 1 from notifications o
          where o.recipient_id = n.recipient_id and o.group_key = n.group_key
            and o.mailed_at is not null and o.read_at is null)))
    order by n.created_at
    limit ${limit}`);
  return rowsOf<{
    id: string;
    kind: NotificationKind;
    quiet_start: number | null;
    quiet_end: number | null;
    time_zone: string | null;
  }>(result).map((row) => ({
    id: row.id,
    kind: row.kind,
    quiet:
      row.quiet_start !== null && row.quiet_end !== null
        ? { start: Number(row.quiet_start), end: Number(row.quiet_end), timeZone: row.time_zone ?? 'UTC' }
        : null,
  }));
}

/** The line's rows still unread and unmailed: a message mail takes its whole conversation's line. */
export async function unmailedRowsOfLine(
  db: DbOrTx,
  recipientId: string,
  groupKey: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.groupKey, groupKey),
        isNull(notifications.mailedAt),
        isNull(notifications.readAt),
      ),
    );
  return rows.map((row) => row.id);
}

export interface MailTarget {
  id: string;
  recipientId: string;
  email: string;
  /** The language the recipient's mail is written in (ADR 055). */
  locale: Locale;
  confirmed: boolean;
  read: boolean;
  mailed: boolean;
  delivery: MailDelivery;
}

/** The notification's recipient and state, to decide whether its mail still goes. */
export async function findMailTarget(db: DbOrTx, id: string): Promise<MailTarget | null> {
  const result = await db.execute(sql`
    select n.id, n.recipient_id, u.email, u.locale, u.browser_locale, u.confirmed_at is not null as confirmed,
      n.read_at is not null as read, n.mailed_at is not null as mailed, ${rowDeliverySql()} as delivery
    from notifications n join users u on u.id = n.recipient_id
    where n.id = ${id}`);
  const [row] = rowsOf<{
    id: string;
    recipient_id: string;
    email: string;
    locale: string | null;
    browser_locale: string | null;
    confirmed: boolean;
    read: boolean;
    mailed: boolean;
    delivery: MailDelivery;
  }>(result);
  if (!row) return null;
  return {
    id: row.id,
    recipientId: row.recipient_id,
    email: row.email,
    locale: memberLocale({ locale: row.locale, browserLocale: row.browser_locale }),
    confirmed: Boolean(row.confirmed),
    read: Boolean(row.read),
    mailed: Boolean(row.mailed),
    delivery: row.delivery,
  };
}

/** Marks the rows mailed, unless read or mailed meanwhile; answers the ones this call took. */
export async function claimForMail(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ mailedAt: sql`now()` })
    .where(and(inArray(notifications.id, ids), isNull(notifications.mailedAt), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** A mail that did not go out: its rows wait for the next try. */
export async function releaseMailClaim(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(notifications).set({ mailedAt: null }).where(inArray(notifications.id, ids));
}

/**
 * Confirmed members with unread, unmailed daily-digest notifications from before `before`, with
 * their time zone (null when unknown).
 */
export async function listDigestRecipients(
  db: DbOrTx,
  before: Date,
): Promise<Array<{ recipientId: string; email: string; timeZone: string | null; locale: Locale }>> {
  const result = await db.execute(sql`
    select distinct n.recipient_id, u.email, u.time_zone, u.locale, u.browser_locale
    from notifications n join users u on u.id = n.recipient_id
    where u.confirmed_at is not null and n.mailed_at is null and n.read_at is null
      and n.created_at < ${before.toISOString()}::timestamptz and ${rowDeliverySql()} = 'daily'`);
  return rowsOf<{
    recipient_id: string;
    email: string;
    time_zone: string | null;
    locale: string | null;
    browser_locale: string | null;
  }>(result).map((row) => ({
    recipientId: row.recipient_id,
    email: row.email,
    timeZone: row.time_zone,
    locale: memberLocale({ locale: row.locale, browserLocale: row.browser_locale }),
  }));
}

/** One member's digest rows, oldest first. */
export async function listDigestRows(db: DbOrTx, recipientId: string, cutoff: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select n.id from notifications n
    where n.recipient_id = ${recipientId} and n.mailed_at is null and n.read_at is null
      and n.created_at < ${cutoff.toISOString()}::timestamptz and ${rowDeliverySql()} = 'daily'
    order by n.created_at, n.id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}
