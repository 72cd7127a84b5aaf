import type { Profile } from '@shared/api/profiles';

/** Spec (Profile view): the first and last name when both exist, else the username. */
export function profileDisplayName(profile: Pick<Profile, 'first_name' | 'last_name' | 'username'>): string {
  const first = profile.first_name?.trim();
  const last = profile.last_name?.trim();
  return first && last ? `${first} ${last}` : profile.username;
}
