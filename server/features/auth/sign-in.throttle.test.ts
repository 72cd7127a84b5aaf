import { describe, expect, it } from 'vitest';
import { SLOW_DOWN_AFTER_FAILURES, slowDownMs } from './sign-in.throttle';

describe('slowDownMs: the delay held on a failed sign-in', () => {
  it('is none for the first failures, then doubles, capped', () => {
    expect(slowDownMs(1, 3000)).toBe(0);
    expect(slowDownMs(SLOW_DOWN_AFTER_FAILURES, 3000)).toBe(0);
    expect(slowDownMs(SLOW_DOWN_AFTER_FAILURES + 1, 3000)).toBe(250);
    expect(slowDownMs(SLOW_DOWN_AFTER_FAILURES + 2, 3000)).toBe(500);
    expect(slowDownMs(SLOW_DOWN_AFTER_FAILURES + 4, 3000)).toBe(2000);
    expect(slowDownMs(SLOW_DOWN_AFTER_FAILURES + 5, 3000)).toBe(3000);
    expect(slowDownMs(1000, 3000)).toBe(3000);
  });
});
