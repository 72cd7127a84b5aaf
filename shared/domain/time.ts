/** Relative and human dates as the API presents them (`time_ago`, `created_at_human`). */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

function plural(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "just now", "5 minutes ago", "about 3 hours ago", "2 days ago", "about 1 year ago". */
export function timeAgo(date: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 45) return 'just now';
  if (seconds < 90) return '1 minute ago';
  if (seconds < HOUR) return `${plural(Math.round(seconds / MINUTE), 'minute')} ago`;
  if (seconds < DAY) return `about ${plural(Math.round(seconds / HOUR), 'hour')} ago`;
  if (seconds < MONTH) return `${plural(Math.round(seconds / DAY), 'day')} ago`;
  if (seconds < YEAR) return `${plural(Math.round(seconds / MONTH), 'month')} ago`;
  return `about ${plural(Math.round(seconds / YEAR), 'year')} ago`;
}

const HUMAN = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** "November 21, 2026 at 11:43 PM UTC". */
export function humanDate(date: Date): string {
  return HUMAN.format(date);
}

/** A creation time as the API shows it: the instant, the date for people, and how long ago. */
export function createdAtFields(createdAt: Date, now: Date = new Date()) {
  return {
    created_at: createdAt.toISOString(),
    created_at_human: humanDate(createdAt),
    time_ago: timeAgo(createdAt, now),
  };
}

/** Older than this, a time shows as a date ("Mar 3") rather than as a span ("2 days ago"). */
export const RELATIVE_FOR_DAYS = 7;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

function yearIn(date: Date, timeZone: string): string {
  return dateFormat(timeZone, { year: 'numeric' }).format(date);
}

/**
 * The one way Hearth shows a time (decision 023): how long ago for the last week ("just now",
 * "5 minutes ago", "2 days ago"), then the date in the member's zone: "Mar 3" this year, "Mar 3, 2025"
 * before it.
 */
export function shortTime(date: Date, timeZone: string, now: Date = new Date()): string {
  if (now.getTime() - date.getTime() < RELATIVE_FOR_DAYS * DAY * 1000) return timeAgo(date, now);
  const sameYear = yearIn(date, timeZone) === yearIn(now, timeZone);
  return dateFormat(timeZone, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/** The full date and time in a zone: "Tuesday, March 3, 2026 at 4:05 PM GMT+9". */
export function fullDateTime(date: Date, timeZone: string): string {
  return dateFormat(timeZone, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** A calendar date in a zone: "March 3, 2026". */
export function calendarDate(date: Date, timeZone: string): string {
  return dateFormat(timeZone, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
