import { describe, expect, it } from 'vitest';
import { countsAt, estimatedCount, fitsOneMore, nextAllowedAt, positionOf } from './sliding-window';

const W = 60_000;
/** The first instant at or after `from` at which one more request fits, found by stepping a millisecond at a time. */
function firstFitFrom(counts: { previous: number; current: number }, from: number, max: number) {
  for (let at = from; ; at++) {
    const position = positionOf(at, W);
    const rolled = countsAt(
      { windowStart: positionOf(from, W).start, count: counts.current, previousCount: counts.previous },
      position.start,
      W,
    );
    if (fitsOneMore(rolled, position, W, max)) return at;
  }
}

describe('sliding windows: the arithmetic', () => {
  it('rolls stored counts forward a window at a time, and forgets them after two', () => {
    const stored = { windowStart: 10 * W, count: 4, previousCount: 7 };
    expect(countsAt(stored, 10 * W, W)).toEqual({ previous: 7, current: 4 });
    expect(countsAt(stored, 11 * W, W)).toEqual({ previous: 4, current: 0 });
    expect(countsAt(stored, 12 * W, W)).toEqual({ previous: 0, current: 0 });
    expect(countsAt(undefined, 12 * W, W)).toEqual({ previous: 0, current: 0 });
  });

  it('weighs the previous window by the share of it still inside the last window', () => {
    const quarterIn = positionOf(10 * W + W / 4, W);
    expect(estimatedCount({ previous: 8, current: 1 }, quarterIn, W)).toBe(7);
    expect(fitsOneMore({ previous: 8, current: 1 }, quarterIn, W, 8)).toBe(true);
    expect(fitsOneMore({ previous: 8, current: 2 }, quarterIn, W, 8)).toBe(false);
  });

  it.each([
    ['a full window, limit 1', { previous: 0, current: 1 }, 1],
    ['a full window, limit 5', { previous: 0, current: 5 }, 5],
    ['failures past the limit', { previous: 9, current: 12 }, 10],
    ['the previous window full', { previous: 5, current: 0 }, 5],
    ['both windows part full', { previous: 3, current: 3 }, 5],
    ['a share that is no whole millisecond', { previous: 7, current: 1 }, 5],
    ['the same, in the next window', { previous: 0, current: 7 }, 5],
  ])('names the first instant one more fits: %s', (_, counts, max) => {
    for (const from of [10 * W, 10 * W + 1, 10 * W + W / 3, 11 * W - 1]) {
      const position = positionOf(from, W);
      expect(nextAllowedAt(counts, position, W, max)).toBe(firstFitFrom(counts, from, max));
    }
  });
});
