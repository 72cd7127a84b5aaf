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

/** The spans `timeAgo` counts in, each up to where the next one takes over (in seconds). */
const AGE_SPANS = [
  { unit: MINUTE, until: HOUR },
  { unit: HOUR, until: DAY },
  { unit: DAY, until: MONTH },
  { unit: MONTH, until: YEAR },
  { unit: YEAR, until: Number.POSITIVE_INFINITY },
] as const;

/**
 * The first instant (epoch ms) at or after `now` at which `timeAgo(date, ·)` may read differently
 * from `timeAgo(date, now)`: until then it reads the same. What keeps a page with relative times
 * compares one number per request instead of formatting each time again.
 */
export function ageReadsUntil(date: Date, now: Date = new Date()): number {
  const elapsedMs = now.getTime() - date.getTime();
  // timeAgo rounds to whole seconds: `seconds` reads as `s` from (s - 0.5) s on.
  const seconds = Math.max(0, Math.round(elapsedMs / 1000));
  let next: number;
  if (seconds < 45) next = 45;
  else if (seconds < 90) next = 90;
  else {
    const span = AGE_SPANS.find((candidate) => seconds < candidate.until)!;
    // Math.round(s / unit) becomes k + 1 where s / unit reaches k + 0.5.
    const count = Math.round(seconds / span.unit);
    next = Math.min(span.until, Math.ceil((count + 0.5) * span.unit));
  }
  return date.getTime() + next * 1000 - 500;
}

/** Until when every one of these relative times reads as it does at `now` (epoch ms). */
export function agesReadUntil(dates: Date[], now: Date): number {
  let until = Number.POSITIVE_INFINITY;
  for (const date of dates) until = Math.min(until, ageReadsUntil(date, now));
  return until;
}

/** Whether every relative time on something built with `agesReadUntil` still reads as it did. */
export function agesStillRead(built: { agesReadUntil: number }): boolean {
  return Date.now() < built.agesReadUntil;
}

let human: Intl.DateTimeFormat | null = null;

/** "November 21, 2026 at 11:43 PM UTC". */
export function humanDate(date: Date): string {
  human ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  return human.format(date);
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

/**
 * Where a time is shown: an IANA zone (a member's own), or `LOCAL_CLOCK`, this runtime's own clock
 * (a visitor's browser). The local clock is read through `Date`'s own getters, as `Intl` with
 * en-US would show it: the browser's first `Intl` date format loads ICU's locale data, about 40 ms
 * of main thread on a desktop and several times that on a phone, which a visitor's first screen
 * (usually recent posts, "5 minutes ago") does not need. Its zone is named by its offset ("GMT+9").
 */
export const LOCAL_CLOCK = null;
export type Clock = string | typeof LOCAL_CLOCK;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The local clock's offset as en-US `Intl` names a zone it has no abbreviation for: "GMT+5:30". */
function localOffsetName(date: Date): string {
  const ahead = -date.getTimezoneOffset();
  if (ahead === 0) return 'GMT';
  const hours = Math.floor(Math.abs(ahead) / 60);
  const minutes = Math.abs(ahead) % 60;
  return `GMT${ahead < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

function localClockTime(date: Date): string {
  const hour = date.getHours() % 12 || 12;
  return `${hour}:${String(date.getMinutes()).padStart(2, '0')} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

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
 * "5 minutes ago", "2 days ago"), then the date on the member's clock: "Mar 3" this year, "Mar 3, 2025"
 * before it.
 */
export function shortTime(date: Date, clock: Clock, now: Date = new Date()): string {
  if (now.getTime() - date.getTime() < RELATIVE_FOR_DAYS * DAY * 1000) return timeAgo(date, now);
  if (clock === LOCAL_CLOCK) {
    const day = `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}`;
    return date.getFullYear() === now.getFullYear() ? day : `${day}, ${date.getFullYear()}`;
  }
  const sameYear = yearIn(date, clock) === yearIn(now, clock);
  return dateFormat(clock, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/** The parts of a full date and time: weekday, date, time and zone (in any language). */
export const FULL_DATE_TIME: Readonly<Intl.DateTimeFormatOptions> = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** The full date and time on a clock: "Tuesday, March 3, 2026 at 4:05 PM GMT+9". */
export function fullDateTime(date: Date, clock: Clock): string {
  if (clock === LOCAL_CLOCK) {
    return `${WEEKDAYS[date.getDay()]}, ${calendarDate(date, clock)} at ${localClockTime(date)} ${localOffsetName(date)}`;
  }
  return dateFormat(clock, FULL_DATE_TIME).format(date);
}

/** A calendar date on a clock: "March 3, 2026". */
export function calendarDate(date: Date, clock: Clock): string {
  if (clock === LOCAL_CLOCK) return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  return dateFormat(clock, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
