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
