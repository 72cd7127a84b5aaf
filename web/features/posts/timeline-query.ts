import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { Post } from '@shared/api/posts';
import type { CursorPage } from '@web/lib/pagination';
import type { PostPageFetcher } from './api';
import { postsMeta } from './post-cache';

/** Spec section 9: timelines stay fresh for 60 s. */
export const TIMELINE_STALE_TIME_MS = 60_000;

/**
 * A timeline's query: what PostTimeline reads, and what the page starts before it is drawn
 * (web/app/first-screen.ts). Apart from the component, so the first bundle can hold it.
 */
export function postTimelineQueryOptions(queryKey: QueryKey, fetchPage: PostPageFetcher, enabled = true) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CursorPage<Post>) => (last.hasNextPage ? last.nextCursor : undefined),
    staleTime: TIMELINE_STALE_TIME_MS,
    meta: postsMeta('pages'),
    enabled,
  });
}
