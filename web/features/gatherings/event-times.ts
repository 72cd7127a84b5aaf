import type { EventSummary } from '@shared/api/gatherings';
import { calendarDate, fullDateTime, type Clock } from '@shared/domain/time';

/**
 * When an event is, on the member's clock (decision 023): "Sunday, March 28, 2027 at 10:00 AM
 * GMT+2 – 12:30 PM", or its days for an all-day event, read on the event's own zone (a day is the
 * zone's day wherever the member is).
 */
export function eventWhen(
  event: Pick<EventSummary, 'starts_at' | 'ends_at' | 'all_day' | 'time_zone'>,
  clock: Clock,
) {
  const start = new Date(event.starts_at);
  const end = new Date(event.ends_at);
  if (event.all_day) {
    const first = calendarDate(start, event.time_zone);
    const last = calendarDate(end, event.time_zone);
    return first === last ? `${first} (all day)` : `${first} – ${last} (all day)`;
  }
  const startText = fullDateTime(start, clock);
  const sameDay = calendarDate(start, clock) === calendarDate(end, clock);
  const endText = fullDateTime(end, clock);
  // The same day: the end's time alone ("… at 7:00 PM GMT+2 – 9:00 PM GMT+2").
  return `${startText} – ${sameDay ? endText.replace(/^.* at /, '') : endText}`;
}

/** Where the event is planned, when the member's clock is another zone: "10:00 in Europe/Berlin". */
export function plannedZoneNote(
  event: Pick<EventSummary, 'starts_at_local' | 'time_zone' | 'all_day'>,
  clock: Clock,
) {
  if (event.all_day || clock === event.time_zone) return null;
  return `${event.starts_at_local.slice(11)} in ${event.time_zone}`;
}

/** "3 going", "1 waiting" and the places left, as one line. */
export function countsText(
  event: Pick<EventSummary, 'going_count' | 'waitlist_count' | 'maybe_count' | 'spots_left'>,
) {
  const parts = [`${event.going_count} going`];
  if (event.maybe_count > 0) parts.push(`${event.maybe_count} maybe`);
  if (event.waitlist_count > 0) parts.push(`${event.waitlist_count} waiting`);
  if (event.spots_left !== null)
    parts.push(event.spots_left === 1 ? '1 place left' : `${event.spots_left} places left`);
  return parts.join(' · ');
}
