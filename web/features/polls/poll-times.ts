const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How far off a poll's closing time is, in the member's language: "in 3 hours", "in 2 days",
 * "in 5 minutes" (Intl.RelativeTimeFormat, so every language words it its own way).
 */
export function closesIn(closesAt: Date, now: Date, locale: string): string {
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const left = Math.max(0, closesAt.getTime() - now.getTime());
  if (left < HOUR) return relative.format(Math.max(1, Math.round(left / MINUTE)), 'minute');
  if (left < DAY) return relative.format(Math.round(left / HOUR), 'hour');
  return relative.format(Math.round(left / DAY), 'day');
}

/** A share of the voters as a whole percentage (0 when nobody voted). */
export function percentOf(votes: number, voters: number): number {
  return voters === 0 ? 0 : Math.round((votes / voters) * 100);
}
