import { z } from 'zod';
import type { Locale } from '../../../shared/domain/locales';
import { instantOfWallTime, wallTime } from '../../../shared/domain/time-zones';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/queue';
import { digestMail, instantNotificationMail } from './notification-mails';
import {
  claimForMail,
  findMailTarget,
  listDigestRecipients,
  listDigestRows,
  listInstantCandidates,
  releaseMailClaim,
  unmailedRowsOfLine,
} from './notification-mail.repo';
import { isQuietAt } from '../push/quiet-hours';
import { replyAddressFor, replyThreadOf } from '../replies/reply-addresses';
import { wordLine } from './notifications.presenter';
import { findNotificationLine, type NotificationLineRow } from './notifications.repo';
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token';

/**
 * Notification mail (ADR 016). Instant: every minute a sweep queues one job per unread, unmailed
 * notification whose recipient wants it at once; the job mails it unless it was read (or deleted)
 * meanwhile. A private message (ADR 060) waits a quiet period first, is held while its member's
 * quiet hours last, and one mail covers its conversation's unread messages. Daily: every quarter hour, each member whose clock has passed 07:00 gets a digest of their
 * unread, unmailed daily-kind notifications from before that 07:00 (ADR 023: in their own zone, UTC
 * when unknown). The rows it lists are claimed, so a later run the same day finds nothing to send,
 * and a run missed at 07:00 is made up by the next one.
 */

export const NOTIFICATION_MAIL_JOB = 'notifications.mail';
export const NOTIFICATION_SWEEP_JOB = 'notifications.sweep';
export const NOTIFICATION_DIGEST_JOB = 'notifications.digest';

/** The hour of the member's own day the digest goes out; it covers everything before that hour. */
export const DIGEST_HOUR = 7;
/** An instant mail older than this is not sent any more (a worker that was down for days). */
const INSTANT_WINDOW_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;
/**
 * A message is mailed only when still unread this long after it came: whoever is in the app reads it
 * there, and a lively conversation brings one mail, not one a message.
 */
export const MESSAGE_MAIL_QUIET_MS = 15 * 60 * 1000;

type MailContext = Pick<AppContext, 'db' | 'mailer' | 'config' | 'jobs' | 'logger'>;

/**
 * The latest 07:00 in `timeZone` at or before `now`: everything created before it belongs to that
 * day's digest.
 */
export function digestCutoff(now: Date, timeZone: string = 'UTC'): Date {
  const today = wallTime(now, timeZone);
  const cutoff = instantOfWallTime({ ...today, hour: DIGEST_HOUR }, timeZone);
  if (cutoff.getTime() <= now.getTime()) return cutoff;
  // Not yet 07:00 there: yesterday's (noon UTC on the same calendar date steps back one day safely).
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1, 12));
  return instantOfWallTime(
    {
      year: yesterday.getUTCFullYear(),
      month: yesterday.getUTCMonth() + 1,
      day: yesterday.getUTCDate(),
      hour: DIGEST_HOUR,
    },
    timeZone,
  );
}

/**
 * The line's wording in the recipient's language, and its reply address when a reply to its mail
 * can be a comment (ADR 054).
 */
async function mailedLine(
  context: MailContext,
  recipientId: string,
  line: NotificationLineRow,
  locale: Locale,
) {
  const { text, path } = wordLine(line, locale);
  const thread = replyThreadOf(line, path);
  const replyTo = thread ? await replyAddressFor(context.db, context.config, recipientId, thread) : undefined;
  return { text, path, ...(replyTo ? { replyTo } : {}) };
}

/** Mails one notification, if it is still unread, unmailed, visible and wanted at once. */
export async function sendInstantMail(context: MailContext, notificationId: string): Promise<boolean> {
  const target = await findMailTarget(context.db, notificationId);
  if (!target || target.read || target.mailed || !target.confirmed || target.delivery !== 'instant') {
    return false;
  }
  const line = await findNotificationLine(context.db, target.recipientId, notificationId);
  if (!line) return false;
  const claimed = await claimForMail(
    context.db,
    line.kind === 'message' && line.groupKey
      ? await unmailedRowsOfLine(context.db, target.recipientId, line.groupKey)
      : [notificationId],
  );
  if (claimed.length === 0) return false;
  const { locale } = target;
  const { text, path, replyTo } = await mailedLine(context, target.recipientId, line, locale);
  const token = signUnsubscribeToken(unsubscribeKey(context.config), {
    userId: target.recipientId,
    scope: line.kind,
  });
  try {
    await context.mailer.send(
      instantNotificationMail({
        to: target.email,
        locale,
        text,
        path,
        replyTo,
        unsubscribe: { origin: context.config.publicOrigin, token, scope: line.kind },
      }),
    );
  } catch (error) {
    await releaseMailClaim(context.db, claimed);
    throw error;
  }
  return true;
}

/**
 * Queues a mail job for each notification waiting to be mailed at once (one job per notification);
 * a message whose member is in quiet hours waits for a sweep after them.
 */
export async function sweepInstantMail(context: MailContext, now: Date = new Date()): Promise<number> {
  const candidates = await listInstantCandidates(context.db, {
    since: new Date(now.getTime() - INSTANT_WINDOW_MS),
    messagesBefore: new Date(now.getTime() - MESSAGE_MAIL_QUIET_MS),
    limit: SWEEP_BATCH,
  });
  const ids = candidates
    .filter((candidate) => !(candidate.quiet && isQuietAt(now, candidate.quiet)))
    .map((candidate) => candidate.id);
  const job = notificationMailJob(context);
  for (const id of ids) await context.jobs.enqueue(job, { notificationId: id }, { key: id });
  return ids.length;
}

/** Sends each member at most one digest for their own day of `now`; answers how many went out. */
export async function sendDailyDigests(context: MailContext, now: Date = new Date()): Promise<number> {
  const key = unsubscribeKey(context.config);
  let sent = 0;
  let failure: unknown = null;
  // Everyone with something waiting; each member's own cutoff then picks the rows of their digest.
  for (const recipient of await listDigestRecipients(context.db, now)) {
    const cutoff = digestCutoff(now, recipient.timeZone ?? 'UTC');
    const rows = await listDigestRows(context.db, recipient.recipientId, cutoff);
    if (rows.length === 0) continue;
    const claimed = await claimForMail(context.db, rows);
    const { locale } = recipient;
    const items = new Map<string, { text: string; path: string; replyTo?: string }>();
    for (const id of claimed) {
      const line = await findNotificationLine(context.db, recipient.recipientId, id);
      if (line && !items.has(line.id))
        items.set(line.id, await mailedLine(context, recipient.recipientId, line, locale));
    }
    if (items.size === 0) continue;
    const token = signUnsubscribeToken(key, { userId: recipient.recipientId, scope: 'all' });
    try {
      await context.mailer.send(
        digestMail({
          to: recipient.email,
          locale,
          items: [...items.values()],
          unsubscribe: { origin: context.config.publicOrigin, token, scope: 'all' },
        }),
      );
      sent++;
    } catch (error) {
      await releaseMailClaim(context.db, claimed);
      context.logger.warn({ err: error, recipientId: recipient.recipientId }, 'digest mail failed');
      failure = error;
    }
  }
  // The other members' digests went out; the job is retried for the ones that failed.
  if (failure) throw failure;
  return sent;
}

const MailJobSchema = z.object({ notificationId: z.uuid() });
const EmptyPayloadSchema = z.object({});

export function notificationMailJob(context: MailContext) {
  return defineJob({
    name: NOTIFICATION_MAIL_JOB,
    schema: MailJobSchema,
    retryLimit: 6,
    retryDelaySeconds: 30,
    deleteAfterSeconds: 24 * 60 * 60,
    async handle({ notificationId }) {
      await sendInstantMail(context, notificationId);
    },
  });
}

export function notificationSweepJob(context: MailContext) {
  return defineJob({
    name: NOTIFICATION_SWEEP_JOB,
    schema: EmptyPayloadSchema,
    policy: 'exclusive',
    retryLimit: 1,
    deleteAfterSeconds: 60 * 60,
    schedule: { cron: '* * * * *', payload: {} },
    async handle() {
      await sweepInstantMail(context);
    },
  });
}

export function notificationDigestJob(context: MailContext) {
  return defineJob({
    name: NOTIFICATION_DIGEST_JOB,
    schema: EmptyPayloadSchema,
    policy: 'exclusive',
    retryLimit: 5,
    retryDelaySeconds: 300,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
    // Every quarter hour, so zones a half or quarter hour off UTC get theirs at their 07:00 too.
    schedule: { cron: '*/15 * * * *', payload: {} },
    async handle() {
      await sendDailyDigests(context);
    },
  });
}
