import ical, { ICalEventStatus } from 'ical-generator';
import { wallTimeText } from '../../../shared/domain/gatherings';
import type { EventRow } from './gatherings.repo';

const DAY_MS = 86_400_000;

/** The calendar day an all-day event's instant starts, as a date at UTC midnight (how `.ics` dates are written). */
function calendarDay(instant: Date, timeZone: string): Date {
  return new Date(`${wallTimeText(instant, timeZone).slice(0, 10)}T00:00:00Z`);
}

/**
 * Events as an iCalendar file (RFC 5545, ical-generator), for one event's `.ics` and a member's
 * feed (ADR 057). Timed events are written as UTC instants, which every calendar shows in its own
 * zone: the instants already hold the wall-clock times of the event's zone, daylight saving
 * included. All-day events are dates, their end the day after the last (as the format counts).
 * A cancelled event stays, marked CANCELLED, so a subscribed calendar drops it.
 */
export function eventsCalendar(rows: EventRow[], options: { name: string; origin: string }): string {
  const host = new URL(options.origin).host;
  const calendar = ical({ name: options.name, prodId: { company: 'Hearth', product: 'Gatherings' } });
  for (const row of rows) {
    const allDayDates = row.allDay
      ? {
          start: calendarDay(row.startsAt, row.timeZone),
          end: new Date(calendarDay(row.endsAt, row.timeZone).getTime() + DAY_MS),
        }
      : { start: row.startsAt, end: row.endsAt };
    calendar.createEvent({
      id: `${row.id}@${host}`,
      ...allDayDates,
      allDay: row.allDay,
      summary: row.title,
      // No organiser line: the format wants an email address, which Hearth never shows.
      description: row.description || null,
      location: row.place,
      url: `${options.origin}/events/${row.id}`,
      status: row.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // Calendars keep the newest copy of an event by its sequence: every edit moves it on.
      sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
      stamp: row.createdAt,
    });
  }
  return calendar.toString();
}
