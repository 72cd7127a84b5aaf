import { describe, expect, it } from 'vitest';
import { reminderMoment } from '../../../shared/domain/gatherings';
import { dueReminders, type ReminderCandidate } from './gatherings.reminders';

const MINUTE = 60_000;

/** Ana going to a Sunday-morning picnic in Berlin, the day Europe's clocks go forward (28 March 2027). */
function aCandidate(overrides: Partial<ReminderCandidate> = {}): ReminderCandidate {
  return {
    eventId: 'e1',
    userId: 'ana',
    // 10:00 in Berlin, after the change (UTC+2).
    startsAt: new Date('2027-03-28T08:00:00Z'),
    timeZone: 'Europe/Berlin',
    choice: 'both',
    answeredAt: new Date('2027-03-01T12:00:00Z'),
    editedAt: new Date('2027-03-01T12:00:00Z'),
    handled: [],
    ...overrides,
  };
}

/**
 * A clock stepped minute by minute over [from, to], sending what falls due and remembering it as the
 * ledger does: the instants each reminder went out at.
 */
function runClock(candidate: ReminderCandidate, from: Date, to: Date) {
  const sent: Record<string, Date> = {};
  for (let now = from.getTime(); now <= to.getTime(); now += MINUTE) {
    const handled = Object.keys(sent) as ReminderCandidate['handled'];
    for (const due of dueReminders([{ ...candidate, handled }], new Date(now))) {
      sent[due.lead] = new Date(now);
    }
  }
  return sent;
}

describe('reminderMoment', () => {
  it("keeps the day before at the start's wall-clock time in the event's zone across a clock change", () => {
    // Saturday 10:00 in Berlin is still UTC+1: 09:00 UTC, 23 real hours before the start.
    expect(reminderMoment(new Date('2027-03-28T08:00:00Z'), 'Europe/Berlin', 'day_before')).toEqual(
      new Date('2027-03-27T09:00:00Z'),
    );
    // In the autumn the day before is 25 real hours back (31 October 2027, clocks go back at 03:00).
    expect(reminderMoment(new Date('2027-10-31T09:00:00Z'), 'Europe/Berlin', 'day_before')).toEqual(
      new Date('2027-10-30T08:00:00Z'),
    );
    // The same instant read in New York (no change that weekend) is 24 hours back.
    expect(reminderMoment(new Date('2027-03-28T08:00:00Z'), 'America/New_York', 'day_before')).toEqual(
      new Date('2027-03-27T08:00:00Z'),
    );
  });

  it('puts an hour before 60 real minutes before the start', () => {
    expect(reminderMoment(new Date('2027-03-28T08:00:00Z'), 'Europe/Berlin', 'hour_before')).toEqual(
      new Date('2027-03-28T07:00:00Z'),
    );
  });
});

describe('dueReminders with a clock crossing the moments', () => {
  it('sends each reminder once, at the first minute of its moment, and nothing before', () => {
    const sent = runClock(aCandidate(), new Date('2027-03-27T08:00:00Z'), new Date('2027-03-28T09:00:00Z'));
    expect(sent).toEqual({
      day_before: new Date('2027-03-27T09:00:00Z'),
      hour_before: new Date('2027-03-28T07:00:00Z'),
    });
  });

  it('sends only the reminders chosen', () => {
    const from = new Date('2027-03-27T08:00:00Z');
    const to = new Date('2027-03-28T09:00:00Z');
    expect(Object.keys(runClock(aCandidate({ choice: 'off' }), from, to))).toEqual([]);
    expect(Object.keys(runClock(aCandidate({ choice: 'day_before' }), from, to))).toEqual(['day_before']);
    expect(Object.keys(runClock(aCandidate({ choice: 'hour_before' }), from, to))).toEqual(['hour_before']);
  });

  it('sends a reminder late after a stop, until the next one is due; later it is skipped', () => {
    // Down from Friday until Saturday 20:00 UTC: "tomorrow" still goes out, late.
    expect(dueReminders([aCandidate()], new Date('2027-03-27T20:00:00Z')).map((due) => due.lead)).toEqual([
      'day_before',
    ]);
    // Down until 07:30 UTC on Sunday: only "in an hour" (the day-before one's window has closed).
    expect(dueReminders([aCandidate()], new Date('2027-03-28T07:30:00Z')).map((due) => due.lead)).toEqual([
      'hour_before',
    ]);
    // Down until the start: nothing.
    expect(dueReminders([aCandidate()], new Date('2027-03-28T08:00:00Z'))).toEqual([]);
  });

  it('sends nothing already sent for this start', () => {
    expect(dueReminders([aCandidate({ handled: ['day_before'] })], new Date('2027-03-27T10:00:00Z'))).toEqual(
      [],
    );
  });

  it('does not remind of a moment before the answer or the last edit', () => {
    const now = new Date('2027-03-28T07:30:00Z');
    expect(dueReminders([aCandidate({ answeredAt: new Date('2027-03-28T07:10:00Z') })], now)).toEqual([]);
    expect(dueReminders([aCandidate({ editedAt: new Date('2027-03-28T07:10:00Z') })], now)).toEqual([]);
  });
});
