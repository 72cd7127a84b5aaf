import { timelinePageFetcher } from '@web/features/posts/api';
import { postTimelineQueryOptions } from '@web/features/posts/timeline-query';
import { queryKeys } from '@web/lib/query-keys';

/** /dashboard's list, every post the member may see: one page of it. */
export const fetchTimelinePage = timelinePageFetcher();

/**
 * The timeline's query (the list's key and options), started with the page before the session
 * check has answered (web/app/first-screen.ts): a 401 then is the check's to act on (it sends a
 * visitor to sign in), so this call does not redirect on its own. The list's own later calls do,
 * as everywhere.
 */
export function earlyTimelineQueryOptions() {
  return postTimelineQueryOptions(
    queryKeys.posts.timeline(),
    timelinePageFetcher(null, { redirectOnUnauthorized: false }),
  );
}
