import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import { tooManyRequests } from './errors';
import { countsAt, estimatedCount, fitsOneMore, nextAllowedAt, positionOf } from './sliding-window';

export interface Limit {
  /** Requests allowed in any `windowSeconds` (a sliding window, ADR 036). */
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
  /** Invitations into groups one member makes (members and email alike), ADR 041. */
  groupInvitationsMember: { max: 60, windowSeconds: 3600 },
  /** Group links one member looks up or follows: a link's code cannot be guessed by trying. */
  groupLinksMember: { max: 30, windowSeconds: 3600 },
  /**
   * Replies by email (ADR 054), counted when a message is announced (MAIL FROM): per envelope
   * sender, per connecting address (loose: behind a relay every reply comes from its one address),
   * and all together, so a flood of mail cannot outrun the worker.
   */
  inboundMailSender: { max: 30, windowSeconds: 3600 },
  inboundMailAddress: { max: 1200, windowSeconds: 60 },
  inboundMailAll: { max: 3000, windowSeconds: 60 },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

export interface Throttle {
  /** Counts one request against `name` for `subject`; throws 429 with Retry-After when over. */
  hit(name: LimitName, subject: string): Promise<void>;
  /** Throws 429 when `subject` has already used up `name` in the last window; counts nothing. */
  check(name: LimitName, subject: string): Promise<void>;
  /** Counts one event (a failure) against `name` and returns the last window's count; never throws. */
  record(name: LimitName, subject: string): Promise<number>;
  /**
   * True at most once per `windowSeconds` for `key` (measured from the last true), across processes:
   * for notices that must not repeat, such as the failed sign-in mail. Works when throttling is off.
   */
  once(key: string, windowSeconds: number): Promise<boolean>;
}

interface CounterRow {
  window_start: string | Date;
  count: number;
  previous_count: number;
}

/**
 * Sliding-window counters kept in PostgreSQL (ADR 036), so every web process shares them and a
 * restart does not reset an attacker's budget. One upsert per throttled request decides it: the
 * row is locked while its counts are rolled to the current window and the request is weighed, so
 * parallel requests cannot all slip in. A refused request is not counted: a client that waits out
 * Retry-After is let in then, however often it knocked meanwhile.
 */
export function createThrottle(
  db: Db,
  options: { enabled: boolean; now?: () => number; limits?: Partial<Record<LimitName, Limit>> },
): Throttle {
  const now = options.now ?? Date.now;
  const limits: Record<LimitName, Limit> = { ...LIMITS, ...options.limits };
  const keyOf = (name: LimitName, subject: string) => `${name}:${subject.toLowerCase()}`;

  /** Where `name`'s window stands now, and the stored counts rolled to it (as SQL on the locked row). */
  const windowOf = (name: LimitName) => {
    const windowMs = limits[name].windowSeconds * 1000;
    const position = positionOf(now(), windowMs);
    const start = new Date(position.start).toISOString();
    const previousStart = new Date(position.start - windowMs).toISOString();
    const previous = sql`case when rate_limits.window_start = ${start} then rate_limits.previous_count
      when rate_limits.window_start = ${previousStart} then rate_limits.count else 0 end`;
    const current = sql`case when rate_limits.window_start = ${start} then rate_limits.count else 0 end`;
    return { windowMs, position, start, previous, current };
  };
  type Window = ReturnType<typeof windowOf>;

  const storedCounts = async (name: LimitName, subject: string) => {
    const window = windowOf(name);
    const result = await db.execute(sql`
      select window_start, count, previous_count from rate_limits where key = ${keyOf(name, subject)}`);
    const row = rowsOf<CounterRow>(result)[0];
    const stored = row && {
      windowStart: new Date(row.window_start).getTime(),
      count: Number(row.count),
      previousCount: Number(row.previous_count),
    };
    return { ...window, counts: countsAt(stored, window.position.start, window.windowMs) };
  };

  /** The 429 for counts that have no room, its Retry-After the wait until one more request fits. */
  const refusal = (
    name: LimitName,
    { counts, position, windowMs }: Awaited<ReturnType<typeof storedCounts>>,
  ) => {
    const current = position.start + windowMs - position.remainingMs;
    return tooManyRequests((nextAllowedAt(counts, position, windowMs, limits[name].max) - current) / 1000);
  };

  /**
   * Counts one request in a single statement, the row locked while its counts are rolled forward;
   * with `onlyIf`, only when that holds of the rolled counts (else no row comes back).
   */
  const count = async (name: LimitName, subject: string, onlyIf?: (window: Window) => SQL) => {
    const window = windowOf(name);
    const result = await db.execute(sql`
      insert into rate_limits (key, window_start, count, previous_count)
      values (${keyOf(name, subject)}, ${window.start}, 1, 0)
      on conflict (key) do update set
        previous_count = ${window.previous}, count = ${window.current} + 1, window_start = excluded.window_start
      ${onlyIf ? sql`where ${onlyIf(window)}` : sql``}
      returning count, previous_count`);
    const row = rowsOf<CounterRow>(result)[0];
    return { window, row };
  };

  return {
    async hit(name, subject) {
      if (!options.enabled) return;
      const max = limits[name].max;
      // The SQL of fitsOneMore (sliding-window.ts), on the locked row's rolled counts.
      const { row } = await count(
        name,
        subject,
        ({ previous, current, position, windowMs }) =>
          sql`(${previous})::bigint * ${position.remainingMs}::bigint
            + ((${current}) + 1)::bigint * ${windowMs}::bigint <= ${max * windowMs}::bigint`,
      );
      if (!row) throw refusal(name, await storedCounts(name, subject));
    },
    async check(name, subject) {
      if (!options.enabled) return;
      const stored = await storedCounts(name, subject);
      if (!fitsOneMore(stored.counts, stored.position, stored.windowMs, limits[name].max)) {
        throw refusal(name, stored);
      }
    },
    async record(name, subject) {
      if (!options.enabled) return 0;
      const { window, row } = await count(name, subject);
      const counts = { previous: Number(row?.previous_count ?? 0), current: Number(row?.count ?? 0) };
      return estimatedCount(counts, window.position, window.windowMs);
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
