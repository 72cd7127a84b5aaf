import { z } from 'zod';
import type { NotificationKind } from '../../../shared/domain/constants';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineJob } from '../../jobs/queue';
import { pushWanted } from '../notifications/notification-preferences';
import { wordLine } from '../notifications/notifications.presenter';
import { findNotificationLines, type NotificationLineRow } from '../notifications/notifications.repo';
import { createLimiter } from '../../lib/concurrency';
import { mailText } from '../../i18n/mail-text';
import { memberLocale } from '../users/users.repo';
import {
  deleteSubscriptions,
  findSubscriptionsForPush,
  markSubscriptionsUsed,
  PUSH_QUEUED_CHANNEL,
  pushTargetsOf,
  type SubscriptionForPush,
  takeQueued,
} from './push.repo';
import { type PushOutcome, sendPush } from './push.send';
import { isQuietAt } from './quiet-hours';

/**
 * Web Push in the worker (ADR 052). notify() queues each notification whose recipient has a device
 * in the push outbox, in its own transaction, and wakes the workers (PUSH_QUEUED_CHANNEL). A worker
 * takes the queued rows and, for each the member wants pushed now (the kind's push preference, not
 * in quiet hours: a push held back then is dropped, the inbox has it), queues its devices'
 * deliveries in the same transaction, a hundred to a job. A delivery job re-reads each inbox line,
 * so what the member may no longer see (blocks, visibility) is not pushed, and sends its pushes a
 * few at a time; a device whose push service asks to try again later gets a job of its own, so one
 * device's trouble holds up no other. A sweep each minute takes what no worker heard of (none was
 * running when it was queued).
 */

export const PUSH_DELIVER_JOB = 'push.deliver';
export const PUSH_SWEEP_JOB = 'push.sweep';

/** Notifications taken off the outbox per transaction. */
const TAKE_BATCH = 100;
/** Deliveries per job: a group post to a thousand devices is ten jobs, not a thousand. */
const DELIVERIES_PER_JOB = 100;
/** Pushes of one job in flight at once: each mostly waits on its push service. */
const SENDS_AT_ONCE = 16;
/** A push its service asks to send later is tried again after 30 s, 1, 2 and 4 minutes, then given up. */
const RETRIES = 4;
const RETRY_DELAY_SECONDS = 30;

/** Shown as the notification's title on every device. */
export const PUSH_TITLE = 'Hearth';
/**
 * What a push says for a member who hides contents: nobody's name or words on a locked screen. In
 * English; other languages say `mail.push.hiddenBody` (server/i18n/messages).
 */
export const PUSH_HIDDEN_BODY = 'You have a new notification.';

/** New posts of a group can wait for the device's next wake-up; what is about the member cannot. */
const LOW_URGENCY: ReadonlySet<NotificationKind> = new Set(['group_post']);

type PushContext = Pick<AppContext, 'db' | 'jobs' | 'config' | 'logger'>;

const DeliverySchema = z.object({
  notificationId: z.uuid(),
  recipientId: z.uuid(),
  subscriptionId: z.uuid(),
});
type Delivery = z.infer<typeof DeliverySchema>;

const DeliverSchema = z.object({
  deliveries: z.array(DeliverySchema).min(1).max(DELIVERIES_PER_JOB),
  /** 0 for the first try; each try again for the devices that asked counts one up. */
  attempt: z.number().int().min(0).max(RETRIES),
});
const EmptyPayloadSchema = z.object({});

export function pushDeliverJob(context: PushContext) {
  return defineJob({
    name: PUSH_DELIVER_JOB,
    schema: DeliverSchema,
    // A job that fails as a whole (the database went away) runs again once; a device's push
    // service asking to try again is handled inside, per device (RETRIES).
    retryLimit: 1,
    retryDelaySeconds: RETRY_DELAY_SECONDS,
    concurrency: 2,
    deleteAfterSeconds: 60 * 60,
    async handle(payload) {
      await deliverPushes(context, payload);
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
      await queueDeliveries(context, tx, ids, now);
      return ids.length;
    });
    taken += count;
    if (count < TAKE_BATCH) return taken;
  }
}

/**
 * Queues a delivery to each device of the notifications the member wants pushed now: one query reads
 * every device and choice of the batch.
 */
async function queueDeliveries(context: PushContext, tx: DbOrTx, notificationIds: string[], now: Date) {
  const wanted = (await pushTargetsOf(tx, notificationIds)).filter(
    (target) => pushWanted(target.kind, target.push) && !(target.quiet && isQuietAt(now, target.quiet)),
  );
  const deliveries = wanted.map(({ notificationId, recipientId, subscriptionId }) => ({
    notificationId,
    recipientId,
    subscriptionId,
  }));
  const job = pushDeliverJob(context);
  for (let start = 0; start < deliveries.length; start += DELIVERIES_PER_JOB) {
    await context.jobs.enqueue(
      job,
      { deliveries: deliveries.slice(start, start + DELIVERIES_PER_JOB), attempt: 0 },
      { tx },
    );
  }
}

/**
 * Sends a job's pushes, SENDS_AT_ONCE at a time, each to its device if both are still there and the
 * line may still be shown (one query reads the devices, one the lines, for the whole job); then
 * records what the push services answered in a statement or two.
 */
export async function deliverPushes(
  context: PushContext,
  { deliveries, attempt }: z.infer<typeof DeliverSchema>,
): Promise<void> {
  const subscriptions = await findSubscriptionsForPush(
    context.db,
    deliveries.map((delivery) => delivery.subscriptionId),
  );
  // Removed, or the browser now subscribed for another member: theirs is not this push.
  const current = deliveries.filter(
    (delivery) => subscriptions.get(delivery.subscriptionId)?.userId === delivery.recipientId,
  );
  const lines = await findNotificationLines(
    context.db,
    current.map((delivery) => ({ recipientId: delivery.recipientId, id: delivery.notificationId })),
  );
  const limit = createLimiter(SENDS_AT_ONCE);
  const outcomes = await Promise.all(
    current.flatMap((delivery) => {
      const line = lines.get(`${delivery.recipientId}:${delivery.notificationId}`);
      if (!line) return [];
      const subscription = subscriptions.get(delivery.subscriptionId)!;
      return [limit(async () => ({ delivery, outcome: await pushLine(context, subscription, line) }))];
    }),
  );
  const ended = (wanted: PushOutcome) =>
    outcomes.filter(({ outcome }) => outcome === wanted).map(({ delivery }) => delivery);
  await markSubscriptionsUsed(
    context.db,
    ended('sent').map((delivery) => delivery.subscriptionId),
  );
  await deleteSubscriptions(
    context.db,
    ended('gone').map((delivery) => delivery.subscriptionId),
  );
  for (const delivery of ended('refused')) {
    context.logger.warn({ subscriptionId: delivery.subscriptionId }, 'push refused; not tried again');
  }
  await tryAgainLater(context, ended('retry'), attempt);
}

/** One inbox line to one device, in the inbox's words unless its member hides them. */
function pushLine(
  context: PushContext,
  subscription: SubscriptionForPush,
  line: NotificationLineRow,
): Promise<PushOutcome> {
  const locale = memberLocale(subscription);
  const { text, path } = wordLine(line, locale);
  return sendPush(
    context.config,
    subscription,
    {
      title: PUSH_TITLE,
      body: subscription.hideContents ? mailText(locale)('mail.push.hiddenBody') : text,
      path,
      tag: line.groupKey ?? line.id,
    },
    LOW_URGENCY.has(line.kind) ? 'low' : 'normal',
  );
}

/** The devices whose push service asked to try again get a job of their own, later; after RETRIES, none. */
async function tryAgainLater(context: PushContext, deliveries: Delivery[], attempt: number) {
  if (deliveries.length === 0) return;
  if (attempt >= RETRIES) {
    context.logger.warn({ pushes: deliveries.length }, 'push services kept asking to try again; given up');
    return;
  }
  const job = pushDeliverJob(context);
  for (const delivery of deliveries) {
    await context.jobs.enqueue(
      job,
      { deliveries: [delivery], attempt: attempt + 1 },
      { startAfterSeconds: RETRY_DELAY_SECONDS * 2 ** attempt },
    );
  }
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
