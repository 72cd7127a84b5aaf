import { describe, expect, it } from 'vitest';
import { bestCandidate, eventInstant, wallTimeText } from './gatherings';

/** An event's times (ADR 057): wall-clock times read in the event's zone, daylight saving included. */
describe('eventInstant', () => {
  it("reads a wall-clock time on the zone's clocks, either side of a change", () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 at 02:00 on Sunday 28 March 2027.
    expect(eventInstant('2027-03-27T10:00', 'Europe/Berlin')?.toISOString()).toBe('2027-03-27T09:00:00.000Z');
    expect(eventInstant('2027-03-28T10:30', 'Europe/Berlin')?.toISOString()).toBe('2027-03-28T08:30:00.000Z');
    expect(eventInstant('2027-10-31T10:00', 'Europe/Berlin')?.toISOString()).toBe('2027-10-31T09:00:00.000Z');
    expect(eventInstant('2027-03-28', 'America/New_York')?.toISOString()).toBe('2027-03-28T04:00:00.000Z');
  });

  it('takes an instant with Z or an offset as it is, and refuses what is not a time', () => {
    expect(eventInstant('2027-03-28T10:00:00+02:00', 'Asia/Tokyo')?.toISOString()).toBe(
      '2027-03-28T08:00:00.000Z',
    );
    expect(eventInstant('2027-03-28T10:00Z', 'Asia/Tokyo')?.toISOString()).toBe('2027-03-28T10:00:00.000Z');
    expect(eventInstant('2027-02-29T10:00', 'UTC')).toBeNull();
    expect(eventInstant('2027-01-01T24:00', 'UTC')).toBeNull();
    expect(eventInstant('soon', 'UTC')).toBeNull();
  });

  it('writes an instant back as the wall-clock text it reads', () => {
    const instant = eventInstant('2027-03-28T10:00', 'Europe/Berlin')!;
    expect(wallTimeText(instant, 'Europe/Berlin')).toBe('2027-03-28T10:00');
    expect(wallTimeText(instant, 'America/New_York')).toBe('2027-03-28T04:00');
  });
});

describe('the best date of a date poll', () => {
  it('is the most yes, then the most if need be, the earlier on a tie, and none without a yes or if need be', () => {
    const tally = (id: string, yes: number, ifNeedBe: number) => ({ id, yes, ifNeedBe });
    expect(bestCandidate([tally('a', 1, 0), tally('b', 2, 0), tally('c', 1, 5)])).toBe('b');
    expect(bestCandidate([tally('a', 1, 0), tally('b', 1, 2)])).toBe('b');
    expect(bestCandidate([tally('a', 0, 1), tally('b', 0, 1)])).toBe('a');
    expect(bestCandidate([tally('a', 0, 0), tally('b', 0, 0)])).toBeNull();
  });
});
