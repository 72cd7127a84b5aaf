import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Group } from '@shared/api/groups';
import type { CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

/** Applies a change to one group wherever it is cached: its detail and every (searched) list. */
export function patchCachedGroup(queryClient: QueryClient, id: string, patch: Partial<Group>) {
  queryClient.setQueryData<Group>(queryKeys.groups.detail(id), (group) =>
    group ? { ...group, ...patch } : group,
  );
  const apply = (group: Group) => (group.id === id ? { ...group, ...patch } : group);
  // The switcher's list is an array; the groups page's searches are pages of a cursor-paged list.
  queryClient.setQueriesData<Group[] | InfiniteData<CursorPage<Group>>>(
    { queryKey: queryKeys.groups.list() },
    (data) =>
      Array.isArray(data)
        ? data.map(apply)
        : data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) }
          : data,
  );
}
