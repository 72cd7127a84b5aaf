import {
  calendarDate,
  fullDateTime,
  LOCAL_CLOCK,
  RELATIVE_FOR_DAYS,
  shortTime,
  type Clock,
} from '@shared/domain/time';
import type { Locale } from '@shared/domain/locales';

/**
 * Times in the member's language (ADR 055). English keeps shared/domain/time.ts' exact words (the
 * API's `time_ago`, the spec's dates, and no `Intl` on a visitor's first screen); any other language
 * is said by `Intl` in that language, on the same clock and with the same thresholds.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, clock: Clock, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${clock ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // The local clock is the runtime's own zone: no `timeZone` given.
    format = new Intl.DateTimeFormat(
      locale,
      clock === LOCAL_CLOCK ? options : { ...options, timeZone: clock },
    );
    formats.set(key, format);
  }
  return format;
}

/** "vor 5 Minuten", "gestern" for the last week; then the date ("3. März", "3. März 2025"). */
export function localShortTime(date: Date, clock: Clock, now: Date, locale: Locale): string {
  if (locale === 'en') return shortTime(date, clock, now);
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < RELATIVE_FOR_DAYS * DAY) {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    if (seconds < 45) return relative.format(0, 'second');
    if (seconds < HOUR) return relative.format(-Math.max(1, Math.round(seconds / MINUTE)), 'minute');
    if (seconds < DAY) return relative.format(-Math.round(seconds / HOUR), 'hour');
    return relative.format(-Math.round(seconds / DAY), 'day');
  }
  const year = (moment: Date) => dateFormat(locale, clock, { year: 'numeric' }).format(moment);
  const sameYear = year(date) === year(now);
  return dateFormat(locale, clock, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/** The full date and time with the zone: "Dienstag, 3. März 2026 um 16:05 GMT+9". */
export function localFullDateTime(date: Date, clock: Clock, locale: Locale): string {
  if (locale === 'en') return fullDateTime(date, clock);
  return dateFormat(locale, clock, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** A calendar date: "3. März 2026". */
export function localCalendarDate(date: Date, clock: Clock, locale: Locale): string {
  if (locale === 'en') return calendarDate(date, clock);
  return dateFormat(locale, clock, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
