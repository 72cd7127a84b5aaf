import { queryOptions } from '@tanstack/react-query';
import type { Group } from '@shared/api/groups';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The signed-in member's view of all groups (GET /api/groups). Shared with the shell's group
 * switcher and prefetched after sign-in (spec section 6); only fetched while signed in.
 */
export function groupsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.groups.list(),
    queryFn: async ({ signal }) => (await api.get<Group[] | null>('/groups', { signal })).data ?? [],
  });
}

/** The groups the member belongs to, as the switcher lists them. */
export function memberGroups(groups: readonly Group[] | undefined): Group[] {
  return (groups ?? []).filter((group) => group.is_member);
}
