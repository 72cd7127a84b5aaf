import type { Profile } from '@shared/api/profiles';

/** Test data for the profile, settings and friends tests (imported by tests only). */
export function aProfile(overrides: Partial<Profile> & Pick<Profile, 'id' | 'username'>): Profile {
  const first = overrides.first_name ?? null;
  const last = overrides.last_name ?? null;
  return {
    first_name: first,
    last_name: last,
    name: first && last ? `${first} ${last}` : overrides.username,
    avatar: null,
    about: null,
    location: null,
    created_at: '2026-02-10T09:00:00.000Z',
    followers_count: 0,
    following_count: 0,
    is_following: false,
    follows_you: false,
    is_self: false,
    can_message: false,
    ...overrides,
  };
}
