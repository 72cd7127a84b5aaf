import { queryOptions } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@shared/api/profiles';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** A member's profile (GET /api/profiles/{id}/, the path spec section 7 gives). */
export function profileQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.profiles.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<Profile>(`/api/profiles/${encodeURIComponent(id)}/`, { signal })).data,
  });
}

/** The signed-in member's own profile (GET /api/profile). */
export function myProfileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.profiles.me(),
    queryFn: async ({ signal }) => (await api.get<Profile>('/profile', { signal })).data,
  });
}

export type ProfileChanges = UpdateProfileBody['profile'];

/** PATCH /api/profile {profile:{about, location, username, first_name, last_name}}. */
export async function updateMyProfile(changes: ProfileChanges): Promise<Profile> {
  return (await api.patch<Profile>('/profile', { profile: changes })).data;
}

/** DELETE /api/profile/avatar: the member goes back to their initials; answers the profile. */
export async function removeMyAvatar(): Promise<Profile> {
  return (await api.delete<Profile>('/profile/avatar')).data;
}
