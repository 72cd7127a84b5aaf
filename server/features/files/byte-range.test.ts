import { describe, expect, it } from 'vitest';
import { contentRange, decideRange, rangeStillApplies, unsatisfiedRange } from './byte-range';

const partial = (start: number, end: number) => ({ kind: 'partial', range: { start, end } });

describe('decideRange (RFC 9110 single byte ranges)', () => {
  it('serves the whole object when no range is asked for', () => {
    expect(decideRange(undefined, 1000)).toEqual({ kind: 'whole' });
  });

  it('reads first-last, open ranges and suffix ranges', () => {
    expect(decideRange('bytes=0-499', 1000)).toEqual(partial(0, 499));
    expect(decideRange('bytes=100-', 1000)).toEqual(partial(100, 999));
    expect(decideRange('bytes=-500', 1000)).toEqual(partial(500, 999));
    expect(decideRange('bytes=999-999', 1000)).toEqual(partial(999, 999));
    expect(decideRange('Bytes = 10 - 19', 1000)).toEqual(partial(10, 19));
  });

  it('cuts a range or a suffix that runs past the end to the last byte', () => {
    expect(decideRange('bytes=900-5000', 1000)).toEqual(partial(900, 999));
    expect(decideRange('bytes=-5000', 1000)).toEqual(partial(0, 999));
  });

  it('is unsatisfiable when the first byte lies beyond the end, or nothing is selected', () => {
    expect(decideRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=1000-1001', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it cannot honour and answers the whole object', () => {
    for (const header of [
      '',
      'bytes=',
      'bytes=-',
      'bytes=abc',
      'bytes=5-2',
      'bytes=0-1,5-9',
      'items=0-10',
      'bytes=0x10-',
      'bytes=-1.5',
      'bytes=1234567890123456-',
      'bytes 0-10',
    ]) {
      expect(decideRange(header, 1000), header).toEqual({ kind: 'whole' });
    }
  });
});

describe('If-Range and the range headers', () => {
  it('keeps the range only while the ETag matches exactly', () => {
    expect(rangeStillApplies(undefined, '"f-original"')).toBe(true);
    expect(rangeStillApplies('"f-original"', '"f-original"')).toBe(true);
    expect(rangeStillApplies('"f-thumbnail"', '"f-original"')).toBe(false);
    expect(rangeStillApplies('W/"f-original"', '"f-original"')).toBe(false);
    expect(rangeStillApplies('Wed, 21 Oct 2015 07:28:00 GMT', '"f-original"')).toBe(false);
  });

  it('writes Content-Range for a 206 and a 416', () => {
    expect(contentRange({ start: 0, end: 499 }, 1234)).toBe('bytes 0-499/1234');
    expect(unsatisfiedRange(1234)).toBe('bytes */1234');
  });
});
