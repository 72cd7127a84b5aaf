import type { CreateEventBody } from '../../../shared/api/gatherings';
import { EVENT_MESSAGES, eventInstant, wallTimeText } from '../../../shared/domain/gatherings';
import { invalidField } from '../../http/errors';

const HOUR_MS = 3600_000;

/** What an event's times are read from: the request's texts where given, else the times it has. */
export interface EventTimesInput {
  timeZone: string;
  allDay: boolean;
  startsAt: string | Date;
  endsAt: string | Date | null;
}

/** A time as an instant: an instant as it is, a text read in the zone (422 on the field if unreadable). */
function instantOf(value: string | Date, timeZone: string, field: string): Date {
  if (value instanceof Date) return value;
  const instant = eventInstant(value, timeZone);
  if (!instant) throw invalidField(field, EVENT_MESSAGES.notATime);
  return instant;
}

/** The midnight, on the zone's clocks, that begins the day an instant falls on there. */
function startOfDay(instant: Date, timeZone: string): Date {
  return eventInstant(wallTimeText(instant, timeZone).slice(0, 10), timeZone)!;
}

/**
 * An event's start and end as instants (ADR 057). Wall-clock texts are read in the event's zone, so
 * an event planned for 10:00 stays at 10:00 on its zone's clocks across a daylight-saving change.
 * An all-day event runs from its first day's midnight to its last day's (both in the zone). Without
 * an end, a timed event lasts an hour and an all-day one its day. An end before the start is a 422.
 */
export function resolveEventTimes(input: EventTimesInput): { startsAt: Date; endsAt: Date } {
  const { timeZone, allDay } = input;
  let startsAt = instantOf(input.startsAt, timeZone, 'starts_at');
  let endsAt =
    input.endsAt === null
      ? new Date(startsAt.getTime() + (allDay ? 0 : HOUR_MS))
      : instantOf(input.endsAt, timeZone, 'ends_at');
  if (allDay) {
    startsAt = startOfDay(startsAt, timeZone);
    endsAt = startOfDay(endsAt, timeZone);
  }
  if (endsAt < startsAt) throw invalidField('ends_at', EVENT_MESSAGES.endsBeforeStart);
  return { startsAt, endsAt };
}

/** The times a new event asks for, read in its zone. */
export function newEventTimes(input: CreateEventBody['group_event'], timeZone: string) {
  return resolveEventTimes({
    timeZone,
    allDay: input.all_day ?? false,
    startsAt: input.starts_at,
    endsAt: input.ends_at ?? null,
  });
}
