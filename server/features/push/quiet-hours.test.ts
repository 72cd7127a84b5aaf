import { describe, expect, it } from 'vitest';
import { clockOfMinutes, isQuietAt, minutesOfClock } from './quiet-hours';

describe('quiet hours', () => {
  const night = { start: minutesOfClock('22:00'), end: minutesOfClock('07:00'), timeZone: 'Europe/Lisbon' };

  it('holds across midnight on the member’s clock, minute by minute at both edges', () => {
    // Lisbon is UTC+0 in January.
    expect(isQuietAt(new Date('2030-01-15T21:59:00Z'), night)).toBe(false);
    expect(isQuietAt(new Date('2030-01-15T22:00:00Z'), night)).toBe(true);
    expect(isQuietAt(new Date('2030-01-16T00:30:00Z'), night)).toBe(true);
    expect(isQuietAt(new Date('2030-01-16T06:59:00Z'), night)).toBe(true);
    expect(isQuietAt(new Date('2030-01-16T07:00:00Z'), night)).toBe(false);
    expect(isQuietAt(new Date('2030-01-16T12:00:00Z'), night)).toBe(false);
  });

  it('follows the member’s clock over a change to summer time', () => {
    // Lisbon moves to UTC+1 at 01:00 UTC on 31 March 2030: 07:00 there is then 06:00 UTC.
    expect(isQuietAt(new Date('2030-03-30T06:30:00Z'), night)).toBe(true);
    expect(isQuietAt(new Date('2030-03-31T06:30:00Z'), night)).toBe(false);
    // And 22:00 there is 21:00 UTC.
    expect(isQuietAt(new Date('2030-03-31T21:30:00Z'), night)).toBe(true);
    expect(isQuietAt(new Date('2030-03-29T21:30:00Z'), night)).toBe(false);
  });

  it('reads the window in the member’s zone, not the server’s', () => {
    const tokyo = { ...night, timeZone: 'Asia/Tokyo' };
    // 13:00 UTC is 22:00 in Tokyo.
    expect(isQuietAt(new Date('2030-01-15T13:00:00Z'), tokyo)).toBe(true);
    expect(isQuietAt(new Date('2030-01-15T13:00:00Z'), night)).toBe(false);
  });

  it('holds a window within one day, and none when its ends are equal', () => {
    const lunch = { start: minutesOfClock('12:00'), end: minutesOfClock('13:30'), timeZone: 'UTC' };
    expect(isQuietAt(new Date('2030-01-15T11:59:00Z'), lunch)).toBe(false);
    expect(isQuietAt(new Date('2030-01-15T13:29:00Z'), lunch)).toBe(true);
    expect(isQuietAt(new Date('2030-01-15T13:30:00Z'), lunch)).toBe(false);
    const none = { start: 600, end: 600, timeZone: 'UTC' };
    expect(isQuietAt(new Date('2030-01-15T10:00:00Z'), none)).toBe(false);
  });

  it('writes minutes as the clock the member chose', () => {
    expect(clockOfMinutes(minutesOfClock('07:05'))).toBe('07:05');
    expect(clockOfMinutes(0)).toBe('00:00');
  });
});
