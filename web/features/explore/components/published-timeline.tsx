import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Newspaper, RotateCw } from 'lucide-react';
import type { PublishedPost } from '@shared/api/public-posts';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { FloatingRefreshButton } from '@web/components/floating-refresh-button';
import { flattenPages, type CursorPage } from '@web/lib/pagination';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import type { PublishedFilter } from '../api';
import { EXPLORE_TEXT, publishedErrorText } from '../messages';
import { publishedTimelineOptions } from '../queries';
import { PublishedPostCard, PublishedPostCardSkeleton } from './published-post-card';

type Pages = InfiniteData<CursorPage<PublishedPost>, string | null>;

/**
 * The published timeline (spec sections 2 and 9): an infinite list of post cards (the next page
 * loads 100 px before the end, or with Load More), a floating refresh button, Try Again on error,
 * 'No published posts found' when empty. Fresh 2 minutes; retried twice, never on 429.
 */
export function PublishedTimeline({ filter = {} }: { filter?: PublishedFilter }) {
  const queryClient = useQueryClient();
  const options = publishedTimelineOptions(filter);
  const query = useInfiniteQuery(options);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = query;
  const markerRef = useInfiniteScroll(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );

  /** Back to the newest: keep only the first page, then load it again. */
  function refresh() {
    queryClient.setQueryData<Pages>(options.queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void refetch();
  }

  const floating = (
    <FloatingRefreshButton onRefresh={refresh} refreshing={query.isRefetching && !isFetchingNextPage} />
  );

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading published posts" className="space-y-4">
        <PublishedPostCardSkeleton />
        <PublishedPostCardSkeleton />
        <PublishedPostCardSkeleton />
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <>
        <TimelineError error={query.error} retrying={query.isFetching} onRetry={() => void refetch()} />
        {floating}
      </>
    );
  }

  const posts = flattenPages(query.data);
  return (
    <>
      {query.isRefetchError ? (
        <div className="mb-4">
          <TimelineError error={query.error} retrying={query.isFetching} onRetry={refresh} />
        </div>
      ) : null}
      {posts.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title={EXPLORE_TEXT.empty}
          action={
            <Button variant="outline" onClick={refresh} busy={query.isRefetching}>
              <RotateCw className="size-4" aria-hidden="true" />
              {EXPLORE_TEXT.refresh}
            </Button>
          }
        />
      ) : (
        <div className="space-y-4">
          {posts.map((post) => (
            <PublishedPostCard key={post.id} post={post} />
          ))}
        </div>
      )}
      <div ref={markerRef} aria-hidden="true" />
      {hasNextPage ? (
        <div className="mt-6 flex flex-col items-center gap-3">
          {isFetchNextPageError ? <Alert className="w-full">{publishedErrorText(query.error)}</Alert> : null}
          <Button variant="outline" size="lg" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? EXPLORE_TEXT.loadingMore : EXPLORE_TEXT.loadMore}
          </Button>
        </div>
      ) : posts.length > 0 && query.data.pages.length > 1 ? (
        <p className="mt-8 mb-2 text-center text-sm text-stone-500">{EXPLORE_TEXT.noMore}</p>
      ) : null}
      <div className="h-16" aria-hidden="true" />
      {floating}
    </>
  );
}

/** 'An error occurred while loading published posts', the reason (e.g. rate limited), and Try Again. */
function TimelineError({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const reason = publishedErrorText(error);
  return (
    <Alert>
      <p className="font-medium">{EXPLORE_TEXT.timelineError}</p>
      {reason !== EXPLORE_TEXT.timelineError ? <p>{reason}</p> : null}
      <Button variant="outline" size="sm" className="mt-3" busy={retrying} onClick={onRetry}>
        {retrying ? null : <RotateCw className="size-4" aria-hidden="true" />}
        Try Again
      </Button>
    </Alert>
  );
}
