import type { QueryClient } from '@tanstack/react-query';
import type { Group } from '@shared/api/groups';
import { queryKeys } from '@web/lib/query-keys';

/** Applies a change to one group wherever it is cached: its detail and every (searched) list. */
export function patchCachedGroup(queryClient: QueryClient, id: string, patch: Partial<Group>) {
  queryClient.setQueryData<Group>(queryKeys.groups.detail(id), (group) =>
    group ? { ...group, ...patch } : group,
  );
  queryClient.setQueriesData<Group[]>({ queryKey: queryKeys.groups.list() }, (groups) =>
    groups?.map((group) => (group.id === id ? { ...group, ...patch } : group)),
  );
}
