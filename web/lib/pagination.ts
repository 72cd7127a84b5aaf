import type { ApiClient, QueryValue } from './api-client';

/** One page of a cursor-paged list (spec section 7: x-next-cursor and x-has-next-page headers). */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
  hasNextPage: boolean;
}

export function readPageHeaders(headers: Headers): { nextCursor: string | null; hasNextPage: boolean } {
  const nextCursor = headers.get('x-next-cursor') || null;
  return { nextCursor, hasNextPage: headers.get('x-has-next-page') === 'true' && nextCursor !== null };
}

/**
 * GET one page: `after` is the cursor of the previous page (none for the first).
 * `redirectOnUnauthorized: false` leaves a 401 to the caller (see the API client).
 */
export async function fetchCursorPage<T>(
  client: ApiClient,
  path: string,
  {
    after,
    query,
    signal,
    redirectOnUnauthorized,
  }: {
    after?: string | null;
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
    redirectOnUnauthorized?: boolean;
  } = {},
): Promise<CursorPage<T>> {
  const response = await client.get<T[] | null>(path, {
    query: { ...query, after: after ?? undefined },
    signal,
    redirectOnUnauthorized,
  });
  return { items: response.data ?? [], ...readPageHeaders(response.headers) };
}

/**
 * The pieces `useInfiniteQuery` needs for a cursor-paged list:
 *
 *   useInfiniteQuery({
 *     queryKey: ['posts', 'timeline'],
 *     ...cursorPaging<Post>(api, '/posts', { group_id }),
 *   })
 */
export function cursorPaging<T>(client: ApiClient, path: string, query?: Record<string, QueryValue>) {
  return {
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      fetchCursorPage<T>(client, path, { after: pageParam, query, signal }),
    getNextPageParam: (last: CursorPage<T>) => (last.hasNextPage ? last.nextCursor : undefined),
  };
}

/** All items of the loaded pages, in order. */
export function flattenPages<T>(data: { pages: CursorPage<T>[] } | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}
