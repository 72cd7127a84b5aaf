import { describe, expect, it } from 'vitest';
import { closesIn, percentOf } from './poll-times';

describe('a poll’s times and shares', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('says how far off the closing time is, in minutes, hours or days', () => {
    expect(closesIn(later(30_000), now, 'en')).toBe('in 1 minute');
    expect(closesIn(later(25 * 60_000), now, 'en')).toBe('in 25 minutes');
    expect(closesIn(later(3 * 3_600_000), now, 'en')).toBe('in 3 hours');
    expect(closesIn(later(2 * 86_400_000), now, 'en')).toBe('in 2 days');
    expect(closesIn(later(3 * 3_600_000), now, 'de')).toBe('in 3 Stunden');
  });

  it('gives each option its whole percentage of the voters, 0 with no voters', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
