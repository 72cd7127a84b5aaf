import { wallTime } from '../../../shared/domain/time-zones';

/**
 * Quiet hours (ADR 052): from `start` to `end`, minutes after midnight on the member's own clock in
 * `timeZone`. A window whose end is earlier than its start runs over midnight (22:00-07:00); equal
 * ends hold no time at all. The clock is read at the instant, so a change to or from summer time
 * moves the window with the member's day, as their alarm clock does.
 */
export interface QuietHours {
  start: number;
  end: number;
  timeZone: string;
}

export function isQuietAt(now: Date, quiet: QuietHours): boolean {
  const wall = wallTime(now, quiet.timeZone);
  const minute = wall.hour * 60 + wall.minute;
  if (quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/** "22:00" as 1320; the contract has checked the form. */
export function minutesOfClock(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** 1320 as "22:00". */
export function clockOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
