import type { EventSummary } from '@shared/api/gatherings';
import type { Locale } from '@shared/domain/locales';
import { LOCAL_CLOCK, type Clock } from '@shared/domain/time';
import { t } from '@web/i18n/i18n';
import { localCalendarDate, localFullDateTime } from '@web/lib/local-time';

/** An end's time alone with its zone ("9:00 PM GMT+2", "21:00 MEZ"), in the member's language. */
function endTime(end: Date, clock: Clock, locale: Locale, fullText: string): string {
  // English keeps shared/domain/time.ts' words (no Intl on the local clock): the part after " at ".
  if (locale === 'en') return fullText.replace(/^.* at /, '');
  const zone = clock === LOCAL_CLOCK ? {} : { timeZone: clock };
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...zone,
  }).format(end);
}

/**
 * When an event is, on the member's clock (decision 023) and in their language: "Sunday, March 28,
 * 2027 at 10:00 AM GMT+2 – 12:30 PM GMT+2", or its days for an all-day event, read on the event's
 * own zone (a day is the zone's day wherever the member is).
 */
export function eventWhen(
  event: Pick<EventSummary, 'starts_at' | 'ends_at' | 'all_day' | 'time_zone'>,
  clock: Clock,
  locale: Locale,
) {
  const start = new Date(event.starts_at);
  const end = new Date(event.ends_at);
  if (event.all_day) {
    const first = localCalendarDate(start, event.time_zone, locale);
    const last = localCalendarDate(end, event.time_zone, locale);
    return first === last
      ? t('gatherings.when.allDay', { date: first })
      : t('gatherings.when.allDays', { first, last });
  }
  const startText = localFullDateTime(start, clock, locale);
  const sameDay = localCalendarDate(start, clock, locale) === localCalendarDate(end, clock, locale);
  const endText = localFullDateTime(end, clock, locale);
  // The same day: the end's time alone ("… at 7:00 PM GMT+2 – 9:00 PM GMT+2").
  return t('gatherings.when.range', {
    start: startText,
    end: sameDay ? endTime(end, clock, locale, endText) : endText,
  });
}

/** Where the event is planned, when the member's clock is another zone: "10:00 in Europe/Berlin". */
export function plannedZoneNote(
  event: Pick<EventSummary, 'starts_at_local' | 'time_zone' | 'all_day'>,
  clock: Clock,
) {
  if (event.all_day || clock === event.time_zone) return null;
  return t('gatherings.when.planned', { time: event.starts_at_local.slice(11), zone: event.time_zone });
}

/** "3 going", "1 waiting" and the places left, as one line of separate facts. */
export function countsText(
  event: Pick<EventSummary, 'going_count' | 'waitlist_count' | 'maybe_count' | 'spots_left'>,
) {
  const parts = [t('gatherings.counts.going', { count: event.going_count })];
  if (event.maybe_count > 0) parts.push(t('gatherings.counts.maybe', { count: event.maybe_count }));
  if (event.waitlist_count > 0) parts.push(t('gatherings.counts.waiting', { count: event.waitlist_count }));
  if (event.spots_left !== null) parts.push(t('gatherings.counts.placesLeft', { count: event.spots_left }));
  return parts.join(' · ');
}
