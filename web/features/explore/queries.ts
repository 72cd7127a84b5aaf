import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';
import { retryRule } from '@web/lib/query-client';
import {
  fetchPublicGroup,
  fetchPublicProfile,
  fetchPublishedLink,
  fetchPublishedLinksPage,
  fetchPublishedPage,
  fetchPublishedPost,
  type PublishedFilter,
} from './api';

/** Spec section 9: published lists and the feed stay fresh 2 minutes and are not refetched on focus. */
export const PUBLISHED_STALE_TIME_MS = 2 * 60_000;
/** The feed shows one post at a time: pages of one. */
export const FEED_PAGE_SIZE = 1;

/** Up to 2 retries, never on 429 (asking again only prolongs the limit). */
export const publishedRetry = retryRule({ max: 2, never: [429] });
/** A single published post: neither on 429 nor on 404 (it is not there). */
export const publishedPostRetry = retryRule({ max: 2, never: [404, 429] });

const freshness = {
  staleTime: PUBLISHED_STALE_TIME_MS,
  refetchOnWindowFocus: false,
  refetchOnMount: true,
  retry: publishedRetry,
} as const;

/** `/` and `/feed`: the swipeable feed, one post per page. */
export function feedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.published.feed(),
    queryFn: ({ pageParam, signal }) =>
      fetchPublishedPage({ after: pageParam, signal, limit: FEED_PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    ...freshness,
  });
}

/** /explore and the group and member pages: the published timeline, optionally filtered. */
export function publishedTimelineOptions(filter: PublishedFilter = {}) {
  return infiniteQueryOptions({
    queryKey: queryKeys.published.timeline(filter),
    queryFn: ({ pageParam, signal }) => fetchPublishedPage({ after: pageParam, signal, filter }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    ...freshness,
  });
}

export function publishedPostOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: queryKeys.published.post(idOrSlug),
    queryFn: ({ signal }) => fetchPublishedPost(idOrSlug, signal),
    ...freshness,
    retry: publishedPostRetry,
  });
}

export function publicGroupOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.published.group(id),
    queryFn: ({ signal }) => fetchPublicGroup(id, signal),
    ...freshness,
  });
}

export function publicProfileOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.published.profile(id),
    queryFn: ({ signal }) => fetchPublicProfile(id, signal),
    ...freshness,
  });
}

/** /explore/links: published links, newest first. */
export function publishedLinksOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.published.links(),
    queryFn: ({ pageParam, signal }) => fetchPublishedLinksPage({ after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    ...freshness,
  });
}

export function publishedLinkOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.published.link(id),
    queryFn: ({ signal }) => fetchPublishedLink(id, signal),
    ...freshness,
    retry: publishedPostRetry,
  });
}
