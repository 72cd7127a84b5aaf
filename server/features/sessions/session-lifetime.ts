import { DURATIONS } from '../../../shared/domain/constants';

/**
 * How long a session lives (ADR 010): it slides forward while used, but ends after
 * `sessionIdleDays` without use and, however busy, `sessionAbsoluteDays` after sign-in, so a stolen
 * cookie kept warm by its thief still dies (OWASP ASVS 5.0 V7.3.1, V7.3.2).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = DURATIONS.sessionIdleDays * DAY_MS;
export const SESSION_ABSOLUTE_MS = DURATIONS.sessionAbsoluteDays * DAY_MS;

/** When a session signed in at `createdAt` and used at `now` expires: idle limit, capped by the absolute one. */
export function sessionExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

/**
 * The oldest sign-in and last use a live session may have at `now`. Checked on every look-up
 * besides `expires_at`, so rows written under older rules (30-day slide, no cap) obey these too.
 */
export function sessionCutoffs(now: Date) {
  return {
    createdAfter: new Date(now.getTime() - SESSION_ABSOLUTE_MS),
    usedAfter: new Date(now.getTime() - SESSION_IDLE_MS),
  };
}

/** Whether a session row is live at `now`: the rule `findLiveSession`'s callers rely on, in code. */
export function sessionIsLive(
  session: { expiresAt: Date; createdAt: Date; lastUsedAt: Date },
  now: Date,
): boolean {
  const { createdAfter, usedAfter } = sessionCutoffs(now);
  return session.expiresAt > now && session.createdAt > createdAfter && session.lastUsedAt > usedAfter;
}
