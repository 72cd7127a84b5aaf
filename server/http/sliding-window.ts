/**
 * The arithmetic of the throttle's sliding windows (ADR 036), kept apart from the SQL that stores
 * them. A counter holds the requests of the current fixed window and of the one before it; the
 * requests of the last `windowMs` are estimated as the current count plus the previous count
 * weighted by how much of the previous window still lies within the last `windowMs`. A burst at the
 * end of one window therefore still counts at the start of the next, where a fixed window would have
 * forgotten it and allowed a second burst at once.
 *
 * Everything is in whole milliseconds and compared multiplied through by `windowMs`, so PostgreSQL
 * and this module reach the same answer without floating-point rounding at the edges.
 */

export interface WindowPosition {
  /** The current fixed window's start (ms since the epoch). */
  start: number;
  /** How much of the previous window still lies within the last `windowMs`. */
  remainingMs: number;
}

/** Both windows' counts, as of the current fixed window. */
export interface WindowCounts {
  previous: number;
  current: number;
}

export function positionOf(now: number, windowMs: number): WindowPosition {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, remainingMs: windowMs - (now - start) };
}

/** A stored counter seen from the window starting at `start`: older windows weigh nothing. */
export function countsAt(
  stored: { windowStart: number; count: number; previousCount: number } | undefined,
  start: number,
  windowMs: number,
): WindowCounts {
  if (stored?.windowStart === start) return { previous: stored.previousCount, current: stored.count };
  if (stored?.windowStart === start - windowMs) return { previous: stored.count, current: 0 };
  return { previous: 0, current: 0 };
}

/** Whether one more request fits: previous × remaining + (current + 1) × window ≤ max × window. */
export function fitsOneMore(counts: WindowCounts, position: WindowPosition, windowMs: number, max: number) {
  return counts.previous * position.remainingMs + (counts.current + 1) * windowMs <= max * windowMs;
}

/** The estimated requests of the last `windowMs`, rounded up (a partly counted request counts). */
export function estimatedCount(counts: WindowCounts, position: WindowPosition, windowMs: number): number {
  return counts.current + Math.ceil((counts.previous * position.remainingMs) / windowMs);
}

/**
 * The first instant at which one more request fits if nothing else is counted meanwhile. The
 * estimate only falls as time passes (it is continuous across a window's edge: at the edge the
 * current count becomes the previous one at full weight), so every later instant fits too.
 */
export function nextAllowedAt(
  counts: WindowCounts,
  position: WindowPosition,
  windowMs: number,
  max: number,
): number {
  const now = position.start + windowMs - position.remainingMs;
  if (fitsOneMore(counts, position, windowMs, max)) return now;
  const room = max - 1 - counts.current;
  if (room >= 0 && counts.previous > 0) {
    // previous × remaining ≤ room × window, so remaining may be at most floor(room × window / previous).
    const remaining = Math.floor((room * windowMs) / counts.previous);
    if (remaining > 0) return position.start + windowMs - remaining;
  }
  // Not before the next window, where the current count becomes the previous one.
  const nextStart = position.start + windowMs;
  if (counts.current === 0) return nextStart;
  const remaining = Math.floor(((max - 1) * windowMs) / counts.current);
  return nextStart + Math.max(0, windowMs - remaining);
}
