import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { feedQueryOptions, publishedPostOptions } from '@web/features/explore/queries';

/**
 * The pages visitors land on from outside, the feed and a published post, start their screen's code
 * and its call with the page, alongside React and the router, instead of once the router has matched
 * the address and loaded the screen: on a phone's network that takes the screen's chunk and then its
 * call off the path to the first post drawn. The route's `lazy` then finds the same module loading,
 * and the screen's query the same key already fetching.
 */
export function startFirstScreen(pathname: string, queryClient: QueryClient): void {
  if (matchPath('/', pathname) || matchPath('/feed', pathname)) {
    // A failure shows when the route loads the screen itself (its error screen offers to reload).
    import('@web/features/explore/feed-page').catch(() => undefined);
    void queryClient.prefetchInfiniteQuery(feedQueryOptions());
    return;
  }
  const post = matchPath('/explore/post/:id', pathname);
  if (post?.params.id) {
    import('@web/features/explore/published-post-page').catch(() => undefined);
    void queryClient.prefetchQuery(publishedPostOptions(post.params.id));
  }
}
