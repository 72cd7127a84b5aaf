import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals } from '../../tests/support/contract-checks';
import {
  ProfileSchema,
  ProfileSummarySchema,
  TIME_ZONE_UNKNOWN,
  timeZoneField,
  UpdateProfileBodySchema,
} from './profiles';

/**
 * The profile contracts (spec sections 2, 3 and 7): PATCH /api/profile with
 * {profile:{about,location,username,first_name,last_name}} (and the member's time zone), and the
 * exact shape of a profile and of a member in the Friends lists.
 */

const tooLong = (max: number) => `is too long (maximum is ${max} characters)`;
const update = (profile: Record<string, unknown>) => refusals(UpdateProfileBodySchema, { profile });

describe('a profile update', () => {
  it('takes the spec fields, trimmed', () => {
    expect(
      UpdateProfileBodySchema.parse({
        profile: {
          about: ' Mathematician. ',
          location: ' London ',
          username: ' ada_l ',
          first_name: ' Ada ',
          last_name: ' Lovelace ',
          time_zone: 'Europe/London',
        },
      }),
    ).toEqual({
      profile: {
        about: 'Mathematician.',
        location: 'London',
        username: 'ada_l',
        first_name: 'Ada',
        last_name: 'Lovelace',
        time_zone: 'Europe/London',
      },
    });
  });

  it('leaves out the fields not sent (they stay as they are), and turns blank optional fields into null', () => {
    expect(UpdateProfileBodySchema.parse({ profile: {} })).toEqual({ profile: {} });
    expect(
      UpdateProfileBodySchema.parse({
        profile: { about: '  ', location: '', first_name: ' ', last_name: null },
      }),
    ).toEqual({ profile: { about: null, location: null, first_name: null, last_name: null } });
    expect(refusals(UpdateProfileBodySchema, {}).map(([path]) => path)).toEqual(['profile']);
  });

  it('limits about to 1000, location to 100 and each name to 100 characters', () => {
    expect(update({ about: 'a'.repeat(1000), location: 'l'.repeat(100) })).toEqual([]);
    expect(update({ about: 'a'.repeat(1001) })).toEqual([['profile.about', tooLong(1000)]]);
    expect(update({ location: 'l'.repeat(101) })).toEqual([['profile.location', tooLong(100)]]);
    expect(update({ first_name: 'f'.repeat(100), last_name: 'l'.repeat(100) })).toEqual([]);
    expect(update({ first_name: 'f'.repeat(101) })).toEqual([['profile.first_name', tooLong(100)]]);
    expect(update({ last_name: 'l'.repeat(101) })).toEqual([['profile.last_name', tooLong(100)]]);
  });

  it('holds a new username to the sign-up rules, and a blank one is refused (a username cannot be removed)', () => {
    expect(update({ username: 'ab' })).toEqual([
      ['profile.username', 'is too short (minimum is 3 characters)'],
    ]);
    expect(update({ username: 'a-b-c' })).toEqual([
      ['profile.username', 'may contain only letters, digits and underscores'],
    ]);
    expect(update({ username: ' ' })).toEqual([['profile.username', "can't be blank"]]);
    expect(update({ username: null })).toEqual([['profile.username', "can't be blank"]]);
  });

  it('refuses hidden characters in names', () => {
    expect(update({ first_name: 'Ada\u202E' })).toEqual([
      ['profile.first_name', 'must not contain invisible or text-direction characters'],
    ]);
  });
});

describe('a time zone', () => {
  it('is an IANA name, kept canonical and trimmed; null follows the browser again', () => {
    expect(timeZoneField.parse('Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneField.parse(' europe/paris ')).toBe('Europe/Paris');
    expect(timeZoneField.parse(null)).toBeNull();
    expect(UpdateProfileBodySchema.parse({ profile: { time_zone: null } })).toEqual({
      profile: { time_zone: null },
    });
  });

  it('refuses an unknown or overlong zone with one message', () => {
    expect(TIME_ZONE_UNKNOWN).toBe('is not a known time zone');
    expect(update({ time_zone: 'Mars/Olympus_Mons' })).toEqual([['profile.time_zone', TIME_ZONE_UNKNOWN]]);
    expect(update({ time_zone: '' })).toEqual([['profile.time_zone', TIME_ZONE_UNKNOWN]]);
    expect(update({ time_zone: `Europe/${'x'.repeat(58)}` })).toEqual([
      ['profile.time_zone', TIME_ZONE_UNKNOWN],
    ]);
    expect(update({ time_zone: 5 }).map(([path]) => path)).toEqual(['profile.time_zone']);
  });
});

describe('a profile as the API answers it', () => {
  const profile = {
    id: 'u1',
    username: 'ada_l',
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    avatar: null,
    about: null,
    location: null,
    created_at: '2026-11-21T23:43:00.000Z',
    followers_count: 2,
    following_count: 1,
    is_following: false,
    follows_you: true,
    is_self: false,
    can_message: true,
  };

  it('carries the spec fields (section 3) and the follow facts, every field required', () => {
    expectEveryFieldRequired(ProfileSchema, profile);
  });

  it('allows null names, avatar, about and location, counts only as whole numbers', () => {
    expect(ProfileSchema.safeParse({ ...profile, first_name: null, last_name: null }).success).toBe(true);
    for (const field of ['id', 'username', 'name', 'created_at', 'is_self', 'can_message'])
      expect(ProfileSchema.safeParse({ ...profile, [field]: null }).success, field).toBe(false);
    expect(ProfileSchema.safeParse({ ...profile, followers_count: 1.5 }).success).toBe(false);
    expect(ProfileSchema.safeParse({ ...profile, following_count: 1.5 }).success).toBe(false);
  });

  it('a member in the Friends lists: who, and the follow facts, every field required', () => {
    expectEveryFieldRequired(ProfileSummarySchema, {
      id: 'u2',
      username: 'bob',
      name: 'bob',
      avatar: '/api/files/a',
      is_following: true,
      follows_you: false,
    });
  });
});
