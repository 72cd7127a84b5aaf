import { queryKeys } from '@web/lib/query-keys';
import { fetchPost } from './api';
import { postsMeta } from './post-cache';

/**
 * The query of one post's page (/post/{id}): its key and options. `early`: started with the page
 * before the session check has answered (web/app/first-screen.ts), so a 401 is the check's to act on
 * and this call does not redirect on its own; the page's later calls do, as everywhere.
 */
export function postQueryOptions(id: string, { early = false }: { early?: boolean } = {}) {
  return {
    queryKey: queryKeys.posts.detail(id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchPost(id, signal, early ? { redirectOnUnauthorized: false } : {}),
    meta: postsMeta('single'),
  };
}
