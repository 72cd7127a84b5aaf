import {
  type ReminderChoice,
  type ReminderLead,
  reminderMoment,
  remindersOf,
} from '../../../shared/domain/gatherings';

/** Reminders are looked for this far ahead: "the day before" is 23 to 25 real hours before a start. */
export const REMINDER_HORIZON_MS = 26 * 3600_000;

/** A member who may be reminded of an event: going with a place, or maybe. */
export interface ReminderCandidate {
  eventId: string;
  userId: string;
  startsAt: Date;
  timeZone: string;
  choice: ReminderChoice;
  /** When the member first answered, and when the event was last edited. */
  answeredAt: Date;
  editedAt: Date;
  /** Leads already sent for this start. */
  handled: ReminderLead[];
}

/** A reminder that is due: one member, one event, one lead. */
export interface DueReminder {
  eventId: string;
  userId: string;
  startsAt: Date;
  lead: ReminderLead;
}

/**
 * When a reminder stops being due: the day-before one when the hour-before one's moment comes, the
 * hour-before one when the event starts.
 */
function reminderEnd(startsAt: Date, lead: ReminderLead): Date {
  return lead === 'day_before' ? reminderMoment(startsAt, 'UTC', 'hour_before') : startsAt;
}

/**
 * The reminders due at `now` (ADR 057). A reminder is due from its moment until the next one's (the
 * day-before one until an hour before the start, the hour-before one until the start), so one whose
 * moment passed while no worker ran goes out late, and one whose window closed meanwhile is skipped:
 * "tomorrow" an hour before the start would be wrong, and the next reminder says it anyway. A
 * moment before the member answered, or before the event's last edit, is not reminded: an answer
 * given an hour before the start needs no "starts in an hour", and an event moved by minutes does
 * not say "tomorrow" twice.
 */
export function dueReminders(candidates: ReminderCandidate[], now: Date): DueReminder[] {
  return candidates.flatMap((candidate) =>
    remindersOf(candidate.choice)
      .filter((lead) => !candidate.handled.includes(lead))
      .filter((lead) => {
        const moment = reminderMoment(candidate.startsAt, candidate.timeZone, lead);
        return (
          moment <= now &&
          now < reminderEnd(candidate.startsAt, lead) &&
          moment >= candidate.answeredAt &&
          moment >= candidate.editedAt
        );
      })
      .map((lead) => ({
        eventId: candidate.eventId,
        userId: candidate.userId,
        startsAt: candidate.startsAt,
        lead,
      })),
  );
}
