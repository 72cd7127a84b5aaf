import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { FollowResponse, Friends } from '@shared/api/follows';
import type { ProfileSummary } from '@shared/api/profiles';
import { api } from '@web/lib/api-client';
import { cursorPaging } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

const EMPTY: Friends = { following: [], followers: [], suggestions: [] };

/** Who I follow, who follows me, and people I may know from my groups (GET /api/friends). */
export function friendsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.friends.all,
    queryFn: async ({ signal }) => (await api.get<Friends | null>('/friends', { signal })).data ?? EMPTY,
  });
}

/** Who I follow or who follows me, by username, cursor paged (GET /api/friends/{list}). */
export function peopleQueryOptions(list: 'following' | 'followers') {
  return infiniteQueryOptions({
    queryKey: queryKeys.friends.list(list),
    ...cursorPaging<ProfileSummary>(api, `/api/friends/${list}`),
  });
}

/** POST (follow) or DELETE (unfollow) /api/profiles/{id}/follow. */
export async function setFollowing({ profileId, follow }: { profileId: string; follow: boolean }) {
  const path = `/api/profiles/${encodeURIComponent(profileId)}/follow`;
  return (follow ? await api.post<FollowResponse>(path) : await api.delete<FollowResponse>(path)).data;
}
