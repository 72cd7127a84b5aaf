import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Link } from '@shared/api/links';
import type { CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

type Pages = InfiniteData<CursorPage<Link>, string | null>;

/** Applies `update` to the link wherever it is cached: its page and the timeline. */
export function updateCachedLink(queryClient: QueryClient, id: string, update: (link: Link) => Link) {
  queryClient.setQueryData<Link>(queryKeys.links.detail(id), (link) => (link ? update(link) : link));
  queryClient.setQueryData<Pages>(queryKeys.links.timeline(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((link) => (link.id === id ? update(link) : link)),
          })),
        }
      : data,
  );
}

/** Refetches what shows the link (a live update, a like): its page and the timeline. */
export function refreshLink(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.links.detail(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.links.timeline() });
}

/** A link whose reading is under way: the screens show "reading…". */
export function isReading(link: Pick<Link, 'status'>): boolean {
  return link.status === 'pending' || link.status === 'processing';
}
