import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import { tooManyRequests } from './errors';

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/** The limits of ARCHITECTURE.md "Throttling", in one table. */
export const LIMITS = {
  signInIp: { max: 30, windowSeconds: 300 },
  signInEmail: { max: 10, windowSeconds: 300 },
  signUpIp: { max: 20, windowSeconds: 3600 },
  signUpEmail: { max: 5, windowSeconds: 3600 },
  confirmIp: { max: 30, windowSeconds: 300 },
  mailEmail: { max: 5, windowSeconds: 3600 },
  mailIp: { max: 20, windowSeconds: 3600 },
  resetIp: { max: 20, windowSeconds: 300 },
  invitationCheckIp: { max: 30, windowSeconds: 300 },
  /** The max is PUBLISHED_RATE_LIMIT (server/config/env.ts), given to createThrottle. */
  publishedIp: { max: 300, windowSeconds: 60 },
  memberWrites: { max: 120, windowSeconds: 60 },
  /** Links shared (or retried) per member: each one makes Hearth fetch and read a page. */
  linkShares: { max: 30, windowSeconds: 3600 },
  /** Invitation mails one member can make Hearth send per day (admins too: a stolen session is a stolen session). */
  invitationMailsMember: { max: 20, windowSeconds: 86_400 },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

export interface Throttle {
  /** Counts one request against `name` for `subject`; throws 429 with Retry-After when over. */
  hit(name: LimitName, subject: string): Promise<void>;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every web process shares them and a restart
 * does not reset an attacker's budget. One upsert per throttled request.
 */
export function createThrottle(
  db: Db,
  options: { enabled: boolean; now?: () => number; limits?: Partial<Record<LimitName, Limit>> },
): Throttle {
  const now = options.now ?? Date.now;
  const limits: Record<LimitName, Limit> = { ...LIMITS, ...options.limits };
  return {
    async hit(name, subject) {
      if (!options.enabled) return;
      const limit = limits[name];
      const windowMs = limit.windowSeconds * 1000;
      const current = now();
      const windowStart = new Date(Math.floor(current / windowMs) * windowMs);
      const key = `${name}:${subject.toLowerCase()}`;
      const result = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
          window_start = excluded.window_start
        returning count`);
      const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
      if (count > limit.max) {
        throw tooManyRequests((windowStart.getTime() + windowMs - current) / 1000);
      }
    },
  };
}
