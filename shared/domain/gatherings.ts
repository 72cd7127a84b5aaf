import { instantOfWallTime, wallTime } from './time-zones';

/**
 * Gatherings (issue 30, ADR 057): events in a group or among a member's followers, and the answers
 * members give them. Zod-free, so the web client imports it without bundling zod.
 */

export const RSVP_STATUSES = ['going', 'maybe', 'declined'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/**
 * Which reminders a member wants before an event they answered going or maybe (ADR 057): none, the
 * day before (at the event's time, on its zone's clocks), an hour before, or both.
 */
export const REMINDER_CHOICES = ['off', 'day_before', 'hour_before', 'both'] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];

/** One reminder before an event. */
export const REMINDER_LEADS = ['day_before', 'hour_before'] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];

/** The reminders a choice asks for. */
export function remindersOf(choice: ReminderChoice): ReminderLead[] {
  return { off: [], day_before: ['day_before'], hour_before: ['hour_before'], both: [...REMINDER_LEADS] }[
    choice
  ] as ReminderLead[];
}

export const EVENT_LIMITS = {
  title: 200,
  place: 200,
  /** People one event can hold, the organiser's choice; no capacity means no limit. */
  capacityMax: 10_000,
  /** Guests one answer may bring along ("+N"), when the organiser allows guests. */
  guestsMax: 10,
  /** Upcoming events one list answers. */
  upcomingMax: 50,
} as const;

export const EVENT_MESSAGES = {
  endsBeforeStart: 'must not be before the start',
  noGuests: 'are not allowed at this event',
  notATime: 'is not a date and time (YYYY-MM-DDTHH:mm, or an ISO 8601 instant)',
  notAZone: 'is not a time zone',
  cancelled: 'This event was cancelled.',
  remindersNeedAnswer: 'are for those going or maybe: answer first',
  notYourPhotos: 'is not an ended event of this group that you went to',
} as const;

/** A wall-clock time without a zone: `2027-03-28T10:00`, seconds optional, or a date alone (all-day). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** An instant: a date and time with `Z` or an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant an event's time means. A wall-clock time is read in the event's zone, so
 * `2027-03-28T10:00` in Europe/Berlin is 10:00 on the clocks of Berlin whichever side of a
 * daylight-saving change it falls (08:00 UTC that Sunday, 09:00 UTC the day before); an instant
 * with `Z` or an offset is taken as it is. Null for anything else, an impossible date included.
 */
export function eventInstant(value: string, timeZone: string): Date | null {
  if (INSTANT.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const match = WALL_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const wall = { year: year!, month: month!, day: day!, hour, minute, second };
  const probe = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
  // Date.UTC rolls 31 February over into March: such a date is not one.
  if (probe.getUTCMonth() !== wall.month - 1 || probe.getUTCDate() !== wall.day || hour > 23 || minute > 59) {
    return null;
  }
  const hourStart = instantOfWallTime(wall, timeZone);
  return new Date(hourStart.getTime() + (wall.minute * 60 + wall.second) * 1000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a zone's clocks show it: `2027-03-28T10:00` (the form `eventInstant` reads back). */
export function wallTimeText(instant: Date, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * When a reminder before an event is due. An hour before is 60 real minutes before the start; the
 * day before is the start's wall-clock time one calendar day earlier on the event's zone's clocks,
 * so a Sunday 10:00 event in Berlin is reminded at Saturday 10:00 there even when the clocks change
 * overnight (23 or 25 real hours before).
 */
export function reminderMoment(startsAt: Date, timeZone: string, lead: ReminderLead): Date {
  if (lead === 'hour_before') return new Date(startsAt.getTime() - 3600_000);
  const wall = wallTime(startsAt, timeZone);
  // Noon UTC of the same calendar date steps back one day without a zone's help.
  const dayBefore = new Date(Date.UTC(wall.year, wall.month - 1, wall.day - 1, 12));
  const date = `${dayBefore.getUTCFullYear()}-${pad(dayBefore.getUTCMonth() + 1)}-${pad(dayBefore.getUTCDate())}`;
  return eventInstant(`${date}T${pad(wall.hour)}:${pad(wall.minute)}`, timeZone)!;
}

/**
 * Date polls (issue 30 part 2, ADR 057): an organiser proposes dates, members mark each one. The
 * answers, from the best to the worst.
 */
export const DATE_POLL_ANSWERS = ['yes', 'if_need_be', 'no'] as const;
export type DatePollAnswer = (typeof DATE_POLL_ANSWERS)[number];

export const DATE_POLL_LIMITS = {
  /** Candidate dates one poll proposes. */
  candidatesMin: 2,
  candidatesMax: 20,
  /** Open polls a group's upcoming page lists. */
  openMax: 50,
} as const;

export const DATE_POLL_MESSAGES = {
  scheduled: 'This date poll was already turned into an event.',
  notACandidate: 'is not one of this poll’s dates',
  sameCandidate: 'are given twice for the same date',
} as const;

/** Counts of one candidate's answers: what decides the best date. */
export interface CandidateTally {
  id: string;
  yes: number;
  ifNeedBe: number;
}

/**
 * The best candidate: the most "yes", then the most "if need be"; on a tie the earlier one (the
 * order given). Null when nobody said yes or if need be to any date.
 */
export function bestCandidate(tallies: CandidateTally[]): string | null {
  let best: CandidateTally | null = null;
  for (const tally of tallies) {
    if (tally.yes === 0 && tally.ifNeedBe === 0) continue;
    if (!best || tally.yes > best.yes || (tally.yes === best.yes && tally.ifNeedBe > best.ifNeedBe)) {
      best = tally;
    }
  }
  return best?.id ?? null;
}
