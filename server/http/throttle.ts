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
  /** Every sign-in attempt from one client (IP, IPv6 /64). */
  signInIp: { max: 30, windowSeconds: 300 },
  /** Every sign-in attempt at one account from one client. */
  signInAccountIp: { max: 10, windowSeconds: 300 },
  /**
   * Failed sign-ins at one account from anywhere. Met only by devices the account does not know
   * (features/auth/sign-in.throttle.ts), so an attacker cannot lock the member out.
   */
  signInAccountFailures: { max: 20, windowSeconds: 900 },
  /** Two-factor codes entered from one client, and at one account from one client (like sign-in). */
  twoFactorIp: { max: 30, windowSeconds: 300 },
  twoFactorAccountIp: { max: 10, windowSeconds: 300 },
  /** Wrong codes at one account from anywhere; devices the account knows are never stopped by it. */
  twoFactorAccountFailures: { max: 10, windowSeconds: 900 },
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
  /** Throws 429 when `subject` has already used up `name` in this window; counts nothing. */
  check(name: LimitName, subject: string): Promise<void>;
  /** Counts one event (a failure) against `name` and returns the window's count; never throws. */
  record(name: LimitName, subject: string): Promise<number>;
  /**
   * True at most once per `windowSeconds` for `key` (measured from the last true), across processes:
   * for notices that must not repeat, such as the failed sign-in mail. Works when throttling is off.
   */
  once(key: string, windowSeconds: number): Promise<boolean>;
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
  const windowOf = (name: LimitName) => {
    const windowMs = limits[name].windowSeconds * 1000;
    const current = now();
    const start = Math.floor(current / windowMs) * windowMs;
    return { start: new Date(start).toISOString(), retryAfterSeconds: (start + windowMs - current) / 1000 };
  };
  const keyOf = (name: LimitName, subject: string) => `${name}:${subject.toLowerCase()}`;
  const record = async (name: LimitName, subject: string) => {
    const window = windowOf(name);
    const result = await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${keyOf(name, subject)}, ${window.start}, 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
        window_start = excluded.window_start
      returning count`);
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  };

  return {
    async hit(name, subject) {
      if (!options.enabled) return;
      if ((await record(name, subject)) > limits[name].max) {
        throw tooManyRequests(windowOf(name).retryAfterSeconds);
      }
    },
    async check(name, subject) {
      if (!options.enabled) return;
      const window = windowOf(name);
      const result = await db.execute(sql`
        select count from rate_limits where key = ${keyOf(name, subject)} and window_start = ${window.start}`);
      const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
      if (count >= limits[name].max) throw tooManyRequests(window.retryAfterSeconds);
    },
    async record(name, subject) {
      return options.enabled ? record(name, subject) : 0;
    },
    async once(key, windowSeconds) {
      const current = new Date(now());
      const since = new Date(current.getTime() - windowSeconds * 1000);
      const result = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${`once:${key.toLowerCase()}`}, ${current.toISOString()}, 1)
        on conflict (key) do update set window_start = excluded.window_start, count = 1
          where rate_limits.window_start <= ${since.toISOString()}
        returning count`);
      return rowsOf(result).length > 0;
    },
  };
}
