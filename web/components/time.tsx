import { useLocale } from '@web/i18n/i18n';
import { localCalendarDate, localFullDateTime, localShortTime } from '@web/lib/local-time';
import { useNow } from '@web/lib/use-now';
import { useClock } from '@web/lib/time-zone';

export type TimeFormat = 'auto' | 'date' | 'full';

/**
 * Every time on screen (decision 023), in the member's zone, with the full date and time as its
 * tooltip. 'auto' (the default): "5 minutes ago" for the last week, then "Mar 3" or "Mar 3, 2025",
 * moving on every minute. 'date': "March 3, 2026" where the spec says a date. 'full': the full date
 * and time, under a post's title. In the member's language (web/lib/local-time.ts).
 */
export function Time({
  value,
  format = 'auto',
  className,
}: {
  /** An ISO 8601 instant, as the API sends `created_at`. */
  value: string;
  format?: TimeFormat;
  className?: string;
}) {
  const clock = useClock();
  const locale = useLocale();
  // Re-renders every minute; the label is worked out against the clock as it is then.
  useNow();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const full = localFullDateTime(date, clock, locale);
  const label =
    format === 'full'
      ? full
      : format === 'date'
        ? localCalendarDate(date, clock, locale)
        : localShortTime(date, clock, new Date(), locale);
  return (
    <time dateTime={date.toISOString()} title={full} className={className}>
      {label}
    </time>
  );
}
