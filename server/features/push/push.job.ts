import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationKind } from '../../../shared/domain/constants';
import { SOURCE_LOCALE } from '../../../shared/domain/locales';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { defineJob } from '../../jobs/queue';
import { pushWanted } from '../notifications/notification-preferences';
import { wordLine } from '../notifications/notifications.presenter';
import { findNotificationLine } from '../notifications/notifications.repo';
import {
  deleteSubscription,
  findPushSettings,
  findSubscription,
  markSubscriptionUsed,
  PUSH_QUEUED_CHANNEL,
  subscriptionIdsOf,
  takeQueued,
} from './push.repo';
import { sendPush } from './push.send';
import { isQuietAt } from './quiet-hours';

/**
 * Web Push in the worker (ADR 052). notify() queues each notification whose recipient has a device
 * in the push outbox, in its own transaction, and wakes the workers (PUSH_QUEUED_CHANNEL). A worker
 * takes the queued rows and, for each the member wants pushed now (the kind's push preference, not
 * in quiet hours: a push held back then is dropped, the inbox has it), queues one delivery job per
 * device in the same transaction. A delivery re-reads the inbox line, so what the member may no
 * longer see (blocks, visibility) is not pushed, and one device's failure is only its own job's.
 * A sweep each minute takes what no worker heard of (none was running when it was queued).
 */

export const PUSH_DELIVER_JOB = 'push.deliver';
export const PUSH_SWEEP_JOB = 'push.sweep';

/** Notifications taken off the outbox per transaction. */
const TAKE_BATCH = 100;

/** Shown as the notification's title on every device. */
export const PUSH_TITLE = 'Hearth';
/** What a push says for a member who hides contents: nobody's name or words on a locked screen. */
export const PUSH_HIDDEN_BODY = 'You have a new notification.';

/** New posts of a group can wait for the device's next wake-up; what is about the member cannot. */
const LOW_URGENCY: ReadonlySet<NotificationKind> = new Set(['group_post']);

type PushContext = Pick<AppContext, 'db' | 'jobs' | 'config' | 'logger'>;

const DeliverSchema = z.object({
  notificationId: z.uuid(),
  recipientId: z.uuid(),
  subscriptionId: z.uuid(),
});
const EmptyPayloadSchema = z.object({});

export function pushDeliverJob(context: PushContext) {
  return defineJob({
    name: PUSH_DELIVER_JOB,
    schema: DeliverSchema,
    // 429 and 5xx are tried again after 30 s, 1, 2 and 4 minutes; then the push is given up.
    retryLimit: 4,
    retryDelaySeconds: 30,
    concurrency: 8,
    deleteAfterSeconds: 60 * 60,
    async handle(payload) {
      await deliverPush(context, payload);
    },
  });
}

export function pushSweepJob(context: PushContext) {
  return defineJob({
    name: PUSH_SWEEP_JOB,
    schema: EmptyPayloadSchema,
    policy: 'exclusive',
    retryLimit: 1,
    deleteAfterSeconds: 60 * 60,
    schedule: { cron: '* * * * *', payload: {} },
    async handle() {
      await dispatchQueuedPushes(context);
    },
  });
}

/** Takes the whole outbox, batch by batch; answers how many notifications it took. */
export async function dispatchQueuedPushes(context: PushContext, now: Date = new Date()): Promise<number> {
  let taken = 0;
  for (;;) {
    const count = await context.db.transaction(async (tx) => {
      const ids = await takeQueued(tx, TAKE_BATCH);
      for (const id of ids) await queueDeliveries(context, tx, id, now);
      return ids.length;
    });
    taken += count;
    if (count < TAKE_BATCH) return taken;
  }
}

/** One delivery job per device, when the member wants this notification pushed now. */
async function queueDeliveries(context: PushContext, tx: DbOrTx, notificationId: string, now: Date) {
  const [notification] = await tx
    .select({ recipientId: notifications.recipientId, kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (!notification) return;
  const { recipientId, kind } = notification;
  if (!(await pushWanted(tx, recipientId, kind))) return;
  const { quiet } = await findPushSettings(tx, recipientId);
  if (quiet && isQuietAt(now, quiet)) return;
  const job = pushDeliverJob(context);
  for (const subscriptionId of await subscriptionIdsOf(tx, recipientId)) {
    await context.jobs.enqueue(
      job,
      { notificationId, recipientId, subscriptionId },
      { tx, key: `${notificationId}:${subscriptionId}` },
    );
  }
}

/** Sends one notification to one device, if both are still there and the line may still be shown. */
export async function deliverPush(context: PushContext, input: z.infer<typeof DeliverSchema>): Promise<void> {
  const subscription = await findSubscription(context.db, input.subscriptionId);
  // Removed, or the browser now subscribed for another member: theirs is not this push.
  if (!subscription || subscription.userId !== input.recipientId) return;
  const line = await findNotificationLine(context.db, input.recipientId, input.notificationId);
  if (!line) return;
  // Pushes keep Hearth's English for now: their wording in the member's language is push's to do.
  const { text, path } = wordLine(line, SOURCE_LOCALE);
  const { hideContents } = await findPushSettings(context.db, input.recipientId);
  const outcome = await sendPush(
    context.config,
    subscription,
    { title: PUSH_TITLE, body: hideContents ? PUSH_HIDDEN_BODY : text, path, tag: line.groupKey ?? line.id },
    LOW_URGENCY.has(line.kind) ? 'low' : 'normal',
  );
  if (outcome === 'sent') await markSubscriptionUsed(context.db, subscription.id);
  if (outcome === 'gone') await deleteSubscription(context.db, subscription.id);
  if (outcome === 'refused') {
    context.logger.warn({ subscriptionId: subscription.id }, 'push refused; not tried again');
  }
  if (outcome === 'retry') throw new Error('the push service asked to try again later');
}

/**
 * In a worker process: takes the outbox whenever notify() says something was queued, and once at
 * start. Wake-ups during a run make one more run after it, never two at once. Answers the stop.
 */
export async function listenForQueuedPushes(context: PushContext & Pick<AppContext, 'database'>) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = dispatchQueuedPushes(context)
      .then(() => undefined)
      .catch((error: unknown) =>
        context.logger.warn({ err: error }, 'push dispatch failed; the sweep retries'),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const unlisten = await context.database.listen(PUSH_QUEUED_CHANNEL, run);
  run();
  return async () => {
    stopped = true;
    await unlisten();
    // A run under way finishes; none starts after it.
    while (running) await running;
  };
}
