import { describe, expect, it } from 'vitest';
import { formatDuration, spokenDuration } from './format-duration';

describe('formatDuration', () => {
  it('writes minutes and seconds, hours only when there are some', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7_999)).toBe('0:07');
    expect(formatDuration(83_000)).toBe('1:23');
    expect(formatDuration(725_400)).toBe('12:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });

  it('writes nothing for a length that is not one', () => {
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});

describe('spokenDuration', () => {
  it('says each unit in words, singular or plural', () => {
    expect(spokenDuration(83_000)).toBe('1 minute 23 seconds');
    expect(spokenDuration(3_601_000)).toBe('1 hour 1 second');
    expect(spokenDuration(2_000)).toBe('2 seconds');
    expect(spokenDuration(400)).toBe('0 seconds');
  });
});
