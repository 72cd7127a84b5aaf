import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_CLOCK, ageReadsUntil, calendarDate, fullDateTime, shortTime, timeAgo } from './time';
import { canonicalTimeZone, instantOfWallTime, systemTimeZone, wallTime } from './time-zones';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('ageReadsUntil', () => {
  /** Elapsed times (ms) at and around every place where timeAgo's text can change, and between. */
  function elapsedSamples(): number[] {
    const samples = [-90_000, -1, 0, 1];
    for (const seconds of [44, 45, 89, 90, 149, 150, 3569, 3570, 3600, 5399, 5400, 86_399, 86_400]) {
      for (const ms of [-501, -500, -499, 0, 499, 500, 501]) samples.push(seconds * 1000 + ms);
    }
    for (const unit of [60, 3600, 86_400, 2_592_000, 31_536_000]) {
      for (let k = 1; k < 40; k += 3) samples.push(Math.round((k + 0.5) * unit * 1000) - 500 + (k % 2));
    }
    let seed = 7;
    for (let n = 0; n < 400; n++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      samples.push(seed % (3 * 31_536_000_000));
    }
    return samples;
  }

  it('is the first instant at which the relative time reads differently, for every span', () => {
    for (const elapsed of elapsedSamples()) {
      const at = new Date(now.getTime() - elapsed);
      const reads = timeAgo(at, now);
      const until = ageReadsUntil(at, now);
      expect(until, `${elapsed} ms`).toBeGreaterThan(now.getTime());
      expect(timeAgo(at, new Date(until - 1)), `${elapsed} ms, just before`).toBe(reads);
      expect(timeAgo(at, new Date(until)), `${elapsed} ms, at it`).not.toBe(reads);
      // And the same all the way there.
      const step = Math.max(1, Math.floor((until - now.getTime()) / 17));
      for (let t = now.getTime(); t < until; t += step) expect(timeAgo(at, new Date(t))).toBe(reads);
    }
  });
});

describe('shortTime', () => {
  it('says how long ago for the last seven days', () => {
    expect(shortTime(ago(10), 'UTC', now)).toBe('just now');
    expect(shortTime(ago(5 * 60), 'UTC', now)).toBe('5 minutes ago');
    expect(shortTime(ago(3 * 3600), 'Asia/Tokyo', now)).toBe('about 3 hours ago');
    expect(shortTime(ago(6 * 86400), 'UTC', now)).toBe('6 days ago');
    // A clock a little ahead of ours is not "in the future".
    expect(shortTime(new Date(now.getTime() + 30_000), 'UTC', now)).toBe('just now');
  });

  it('gives the date after that: month and day this year, the year too before it', () => {
    expect(shortTime(ago(7 * 86400), 'UTC', now)).toBe('Nov 16');
    expect(shortTime(new Date('2026-03-03T10:00:00Z'), 'UTC', now)).toBe('Mar 3');
    expect(shortTime(new Date('2025-03-03T10:00:00Z'), 'UTC', now)).toBe('Mar 3, 2025');
  });

  it('dates by the member’s own calendar', () => {
    // 22:30 UTC on March 3 is already March 4 in Tokyo and still March 3 in Los Angeles.
    const late = new Date('2026-03-03T22:30:00Z');
    expect(shortTime(late, 'Asia/Tokyo', now)).toBe('Mar 4');
    expect(shortTime(late, 'America/Los_Angeles', now)).toBe('Mar 3');
    // New Year's Eve in London is already next year in Auckland: same year as `now` there.
    const newYear = new Date('2025-12-31T12:00:00Z');
    expect(shortTime(newYear, 'Pacific/Auckland', now)).toBe('Jan 1');
    expect(shortTime(newYear, 'Europe/London', now)).toBe('Dec 31, 2025');
  });

  it('keeps the API’s own relative wording', () => {
    expect(shortTime(ago(60), 'UTC', now)).toBe(timeAgo(ago(60), now));
  });
});

describe('fullDateTime and calendarDate', () => {
  it('show the wall clock of the zone, with its name', () => {
    const instant = new Date('2026-03-03T07:05:00Z');
    expect(fullDateTime(instant, 'Asia/Tokyo')).toBe('Tuesday, March 3, 2026 at 4:05 PM GMT+9');
    expect(fullDateTime(instant, 'UTC')).toBe('Tuesday, March 3, 2026 at 7:05 AM UTC');
    expect(fullDateTime(instant, 'Asia/Kolkata')).toBe('Tuesday, March 3, 2026 at 12:35 PM GMT+5:30');
    expect(calendarDate(new Date('2026-03-03T22:30:00Z'), 'Asia/Tokyo')).toBe('March 4, 2026');
  });

  it('follows daylight saving time', () => {
    expect(fullDateTime(new Date('2026-03-07T17:00:00Z'), 'America/New_York')).toBe(
      'Saturday, March 7, 2026 at 12:00 PM EST',
    );
    expect(fullDateTime(new Date('2026-03-08T17:00:00Z'), 'America/New_York')).toBe(
      'Sunday, March 8, 2026 at 1:00 PM EDT',
    );
  });
});

describe('the local clock (a visitor’s browser, read without Intl)', () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  // Zones en-US names by offset, either side of UTC, half hours, and both sides of a change.
  const zones = ['Asia/Tokyo', 'Asia/Kolkata', 'America/Sao_Paulo', 'Europe/Berlin', 'Pacific/Chatham'];
  const instants = [
    '2026-03-03T07:05:00Z',
    '2026-07-14T23:59:00Z',
    '2026-12-31T12:00:00Z',
    '2025-01-01T00:00:00Z',
    '2026-10-25T00:30:00Z',
  ].map((value) => new Date(value));

  it('reads as Intl does in that zone: the full date and time, the calendar date, the short date', () => {
    const later = new Date('2027-02-01T00:00:00Z');
    for (const zone of zones) {
      process.env.TZ = zone;
      for (const instant of instants) {
        expect(fullDateTime(instant, LOCAL_CLOCK), `${zone} ${instant.toISOString()}`).toBe(
          fullDateTime(instant, zone),
        );
        expect(calendarDate(instant, LOCAL_CLOCK)).toBe(calendarDate(instant, zone));
        expect(shortTime(instant, LOCAL_CLOCK, later)).toBe(shortTime(instant, zone, later));
      }
    }
  });

  it('names a clock on UTC "GMT", and keeps the relative wording for the last week', () => {
    process.env.TZ = 'UTC';
    expect(fullDateTime(new Date('2026-03-03T07:05:00Z'), LOCAL_CLOCK)).toBe(
      'Tuesday, March 3, 2026 at 7:05 AM GMT',
    );
    expect(shortTime(ago(5 * 60), LOCAL_CLOCK, now)).toBe('5 minutes ago');
    expect(shortTime(new Date('2026-03-03T10:00:00Z'), LOCAL_CLOCK, now)).toBe('Mar 3');
  });
});

describe('time zones', () => {
  it('accepts zones Intl knows, in their canonical spelling', () => {
    expect(canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('takes a zone Intl spells as given without building the list of every zone (a page load pays for it)', async () => {
    vi.resetModules();
    const list = vi.spyOn(Intl, 'supportedValuesOf');
    try {
      const fresh = await import('./time-zones');
      expect(fresh.systemTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(fresh.canonicalTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
      expect(list).not.toHaveBeenCalled();
      // The control: a spelling Intl corrects is looked up in the list.
      expect(fresh.canonicalTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      list.mockRestore();
    }
  });

  it('names the system zone through Temporal where there is one, without an Intl date format', () => {
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Kathmandu' } });
    try {
      expect(systemTimeZone()).toBe('Asia/Kathmandu');
      expect(format).not.toHaveBeenCalled();
      // An offset is no zone a member lives in: Intl's answer is taken instead.
      vi.stubGlobal('Temporal', { Now: { timeZoneId: () => '+05:45' } });
      expect(systemTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(format).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      format.mockRestore();
    }
  });

  it('refuses what is not a zone', () => {
    for (const value of [
      '',
      'Mars/Olympus_Mons',
      '+05:30',
      '-0800',
      'Asia/Tokyo ',
      '../etc',
      'x'.repeat(80),
    ]) {
      expect(canonicalTimeZone(value)).toBeNull();
    }
  });

  it('finds the instant of a wall time, across gaps and repeats', () => {
    expect(wallTime(new Date('2026-03-03T01:15:00Z'), 'Asia/Kathmandu')).toMatchObject({
      hour: 7,
      minute: 0,
    });
    // 02:00 does not exist in New York on 2026-03-08: the moment just past the gap (03:00 EDT).
    expect(
      instantOfWallTime({ year: 2026, month: 3, day: 8, hour: 2 }, 'America/New_York').toISOString(),
    ).toBe('2026-03-08T07:00:00.000Z');
    // 01:00 shows twice on 2026-11-01: the first (EDT).
    expect(
      instantOfWallTime({ year: 2026, month: 11, day: 1, hour: 1 }, 'America/New_York').toISOString(),
    ).toBe('2026-11-01T05:00:00.000Z');
  });
});
