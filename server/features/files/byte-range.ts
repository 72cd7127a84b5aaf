/**
 * HTTP range requests (RFC 9110 section 14) for stored files, so a `<video>` seeks without
 * downloading everything. One range is served as 206; what RFC 9110 lets a server ignore (a header
 * it cannot parse, another unit, several ranges) is answered 200 with the whole body; a range that
 * starts past the end is 416.
 */

/** Bytes `start` to `end`, both included (as Content-Range writes them). */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeDecision =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeDecision = { kind: 'whole' };
/** `bytes=first-last`, `bytes=first-` or `bytes=-suffix`, digits only (RFC 9110 14.1.1). */
const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;
/** Longer numbers than this cannot be a real offset; they are read as "no valid range". */
const MAX_DIGITS = 15;

/**
 * What to answer for `header` on an object of `size` bytes. A malformed header, or several ranges,
 * is ignored (200 whole: RFC 9110 lets a server answer a multi-range request with the whole body).
 * A range whose first byte lies beyond the end is unsatisfiable; a last byte beyond the end, or a
 * suffix longer than the object, is cut to the end. An empty object satisfies no range.
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return WHOLE;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first.length > MAX_DIGITS || last.length > MAX_DIGITS) return WHOLE;
  if (first === '' && last === '') return WHOLE;

  if (first === '') {
    // Suffix: the last N bytes. A zero-length suffix selects nothing.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  // "last < first" makes the range invalid, and an invalid range set is ignored.
  if (last !== '' && end < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

/**
 * RFC 9110 13.1.5: a Range goes with an If-Range only while the validator still matches. Hearth's
 * file ETags are strong (a file's bytes never change), and a date is never one of ours, so only an
 * exact ETag keeps the range; anything else means "send it all".
 */
export function rangeStillApplies(ifRange: string | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  return ifRange.trim() === etag;
}

/** `bytes 0-499/1234` for a 206. */
export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** For a 416: the object's length alone (`bytes`, a star, a slash and the size), so the client may ask again. */
export function unsatisfiedRange(size: number): string {
  return `bytes */${size}`;
}
