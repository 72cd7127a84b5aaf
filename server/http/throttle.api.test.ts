import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../../tests/support/test-database';
import { HttpError } from './errors';
import { createThrottle, LIMITS, type LimitName } from './throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How long each limit's window really is, written out from its documentation (ADR 013, the comments
 * of LIMITS) rather than read from LIMITS, so a window made ten times too short fails here.
 */
const WINDOWS: Record<LimitName, number> = {
  signInIp: 5 * MINUTE,
  signInAccountIp: 5 * MINUTE,
  signInAccountFailures: 15 * MINUTE,
  twoFactorIp: 5 * MINUTE,
  twoFactorAccountIp: 5 * MINUTE,
  twoFactorAccountFailures: 15 * MINUTE,
  signUpIp: HOUR,
  signUpEmail: HOUR,
  confirmIp: 5 * MINUTE,
  mailEmail: HOUR,
  mailIp: HOUR,
  resetIp: 5 * MINUTE,
  invitationCheckIp: 5 * MINUTE,
  publishedIp: MINUTE,
  memberWrites: MINUTE,
  linkShares: HOUR,
  invitationMailsMember: 24 * HOUR,
  groupInvitationsMember: HOUR,
  groupLinksMember: HOUR,
  inboundMailSender: HOUR,
  inboundMailAddress: MINUTE,
  inboundMailAll: MINUTE,
};
const NAMES = Object.keys(WINDOWS) as LimitName[];

/** A midnight UTC: the start of a fixed window of every limit (each divides a day). */
const MIDNIGHT = Date.UTC(2030, 0, 15);

/** The throttle against the real database, on a clock the test moves. */
describe('the throttle: sliding windows shared through the database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let clock = MIDNIGHT;
  let subjects = 0;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  const throttle = () => createThrottle(database.db, { enabled: true, now: () => clock });
  /** A subject no other test has counted against. */
  const freshSubject = () => `203.0.113.${++subjects}`;
  /** The hit's outcome: 'ok', or the 429's Retry-After in seconds. */
  const hit = async (name: LimitName, subject: string): Promise<'ok' | number> => {
    try {
      await throttle().hit(name, subject);
      return 'ok';
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
      return Number(error.headers['retry-after']);
    }
  };
  const burst = async (name: LimitName, subject: string, count: number) => {
    const outcomes = [];
    for (let i = 0; i < count; i++) outcomes.push(await hit(name, subject));
    return outcomes;
  };

  it('pins every limit in LIMITS to a documented window', () => {
    expect(Object.keys(LIMITS).sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)(
    '%s: no second burst at the edge of a window (the first still counts just after it)',
    async (name) => {
      const { max } = LIMITS[name];
      const window = WINDOWS[name];
      const subject = freshSubject();
      clock = MIDNIGHT + 5 * window - SECOND;
      expect((await burst(name, subject, max)).every((outcome) => outcome === 'ok')).toBe(true);
      clock = MIDNIGHT + 5 * window + SECOND;
      const second = await burst(name, subject, max);
      // A second into the new window the old one's count has slid out by only a second's share.
      const allowed = second.filter((outcome) => outcome === 'ok').length;
      expect(allowed).toBe(Math.floor((max * SECOND) / window));
      expect(second.at(-1)).toEqual(expect.any(Number));
    },
  );

  it.each(NAMES)(
    '%s: refused for its whole window once used up, allowed again at Retry-After',
    async (name) => {
      const { max } = LIMITS[name];
      const window = WINDOWS[name];
      const subject = freshSubject();
      clock = MIDNIGHT;
      expect((await burst(name, subject, max)).every((outcome) => outcome === 'ok')).toBe(true);
      // One more fits again once a 1/max share of the burst has slid out, a window and a bit later.
      const retryAfter = await hit(name, subject);
      expect(retryAfter).toBe(Math.ceil((window + window / max) / SECOND));
      clock = MIDNIGHT + window - SECOND;
      expect(await hit(name, subject)).toEqual(expect.any(Number));
      clock = MIDNIGHT + (retryAfter as number) * SECOND - SECOND;
      expect(await hit(name, subject)).toEqual(expect.any(Number));
      clock = MIDNIGHT + (retryAfter as number) * SECOND;
      expect(await hit(name, subject)).toBe('ok');
      // Two windows after the burst it has slid out entirely: the whole budget is back.
      clock = MIDNIGHT + 3 * window;
      expect((await burst(name, subject, max)).every((outcome) => outcome === 'ok')).toBe(true);
    },
  );

  it('never lets more than the limit through when the requests come all at once', async () => {
    const limits = { signInIp: { max: 10, windowSeconds: 300 } };
    const subject = freshSubject();
    clock = MIDNIGHT + 7 * SECOND;
    // One throttle per "process": they share nothing but the database.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, () =>
        createThrottle(database.db, { enabled: true, now: () => clock, limits }).hit('signInIp', subject),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
  });

  it('counts failures over the last window (record), and check refuses once they fill it', async () => {
    const subject = 'someone@example.test';
    const window = WINDOWS.signInAccountFailures;
    const { max } = LIMITS.signInAccountFailures;
    clock = MIDNIGHT + window - MINUTE;
    for (let i = 1; i <= max; i++) expect(await throttle().record('signInAccountFailures', subject)).toBe(i);
    await expect(throttle().check('signInAccountFailures', subject)).rejects.toMatchObject({
      statusCode: 429,
    });
    // Just past the window's edge the failures still count (a fixed window would have reset them).
    clock = MIDNIGHT + window + 10 * SECOND;
    await expect(throttle().check('signInAccountFailures', subject)).rejects.toMatchObject({
      statusCode: 429,
    });
    expect(await throttle().record('signInAccountFailures', subject)).toBe(max + 1);
    clock = MIDNIGHT + 3 * window;
    await expect(throttle().check('signInAccountFailures', subject)).resolves.toBeUndefined();
    expect(await throttle().record('signInAccountFailures', subject)).toBe(1);
  });
});
