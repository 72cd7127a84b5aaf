import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/queue';
import { notify } from '../notifications/notify';
import { listReminderCandidates, recordReminders } from './gatherings.repo';
import { dueReminders, REMINDER_HORIZON_MS } from './gatherings.reminders';

export const EVENT_REMIND_JOB = 'gatherings.remind';

type RemindContext = Pick<AppContext, 'db'>;

/**
 * Sends the reminders due at `now` (ADR 057) and answers how many were recorded. In one
 * transaction: the reminders are recorded, and only those recorded now (not by another worker or an
 * earlier run) are handed to notify, which tells each member by their preferences and quiet hours
 * and drops anyone who may no longer see the event. Read from the database at every run, so an
 * edited time, a cancellation or a changed answer counts at once and a restart loses nothing.
 */
export async function sendDueReminders(context: RemindContext, now: Date = new Date()): Promise<number> {
  const candidates = await listReminderCandidates(
    context.db,
    now,
    new Date(now.getTime() + REMINDER_HORIZON_MS),
  );
  const due = dueReminders(candidates, now);
  if (due.length === 0) return 0;
  const events = new Map(candidates.map((candidate) => [candidate.eventId, candidate]));
  return context.db.transaction(async (tx) => {
    const recorded = await recordReminders(tx, due);
    await notify(
      tx,
      recorded.map(({ eventId, userId, lead }) => {
        const event = events.get(eventId)!;
        return {
          recipientId: userId,
          actorId: null,
          kind: 'event_reminder' as const,
          eventId,
          groupId: event.groupId,
          data: { title: event.title, lead },
        };
      }),
    );
    return recorded.length;
  });
}

const EmptyPayloadSchema = z.object({});

/**
 * Every minute, once however many processes run (pg-boss sends one job per tick, and `exclusive`
 * keeps a slow run from overlapping the next).
 */
export function eventRemindJob(context: RemindContext) {
  return defineJob({
    name: EVENT_REMIND_JOB,
    schema: EmptyPayloadSchema,
    policy: 'exclusive',
    retryLimit: 1,
    deleteAfterSeconds: 60 * 60,
    schedule: { cron: '* * * * *', payload: {} },
    async handle() {
      await sendDueReminders(context);
    },
  });
}
