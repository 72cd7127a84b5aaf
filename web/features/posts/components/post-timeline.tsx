import { ListFooter } from '@web/components/paged-list-state';
import { Fragment, useEffect, type ReactNode } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { Newspaper, RotateCw } from 'lucide-react';
import type { Post } from '@shared/api/posts';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { FloatingRefreshButton } from '@web/components/floating-refresh-button';
import { reportActionFailure } from '@web/lib/action-errors';
import { t, useT } from '@web/i18n/i18n';
import { firstScreenDrawnWithPictures } from '@web/lib/after-first-screen';
import { errorMessage } from '@web/lib/api-errors';
import { mergeTimelines, type TimedItem } from '@web/lib/merged-timeline';
import { flattenPages, type CursorPage } from '@web/lib/pagination';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { useProgressiveCount } from '@web/lib/use-progressive-count';
import type { PostPageFetcher } from '../api';
import { postTimelineQueryOptions } from '../timeline-query';
import { useLivePostCounts } from '../use-live-post';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';
import { PostNoticesProvider } from './post-notices';

export interface PostTimelineProps {
  /**
   * The cache key of this list. Use one of `queryKeys.posts.timeline(groupId)`,
   * `queryKeys.posts.profile(profileId)` (web/lib/query-keys.ts), or any key under
   * `queryKeys.posts.lists()`, so that a new post refreshes it.
   */
  queryKey: QueryKey;
  /** Loads one cursor page, e.g. `timelinePageFetcher(groupId)` or `profilePostsPageFetcher(id)`. */
  fetchPage: PostPageFetcher;
  /** The empty state's line, e.g. 'No posts in this group yet'. */
  emptyText?: ReactNode;
  /** A second, smaller line under `emptyText`. */
  emptyDescription?: ReactNode;
  /** A button or link under the empty state, e.g. to write a post. */
  emptyAction?: ReactNode;
  /** The text shown when the first page fails; default 'An error has occurred: {message}'. */
  errorText?: (message: string) => ReactNode;
  /** The floating refresh button (default shown). */
  refreshButton?: boolean;
  /** "3 new posts" while new posts wait: the refresh button says it (ADR 039). */
  newLabel?: string | null;
  /** Called as the refresh button loads the newest posts (e.g. to forget the new posts counted). */
  onRefresh?: () => void;
  /** Wait before loading (e.g. until the group is known to be visible); default true. */
  enabled?: boolean;
  /**
   * A second paged list drawn among the posts in time order (a group's links, ADR 046). Each list
   * keeps its own cursor; `mergeTimelines` decides what may show and which list to page next.
   */
  interleave?: InterleavedList;
}

/** Another cursor-paged list shown among the posts, newest first, with how to draw an item. */
export interface InterleavedList {
  items: readonly TimedItem[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Its first page is still loading: the timeline waits for it, so nothing jumps into place. */
  isPending: boolean;
  fetchNextPage: () => void;
  render: (item: TimedItem) => ReactNode;
}

type Pages = InfiniteData<CursorPage<Post>, string | null>;

/** Cards drawn at once when a timeline first shows: about a tall screen's worth (the rest follow). */
const FIRST_DRAWN = 4;

/**
 * An infinite list of post cards (spec sections 2 and 9): the next page loads when the end marker
 * comes within 100 px of view (threshold 0.1), with a Load More button as a fallback; the refresh
 * button above the list (floating beside it on wide screens, saying how many new posts wait when the
 * page counts them); 60 s staleness; loading, empty and error states.
 */
export function PostTimeline({
  queryKey,
  fetchPage,
  emptyText,
  emptyDescription,
  emptyAction,
  errorText = (message) => t('posts.timeline.loadError', { message }),
  refreshButton = true,
  newLabel = null,
  onRefresh,
  enabled = true,
  interleave,
}: PostTimelineProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(postTimelineQueryOptions(queryKey, fetchPage, enabled));
  // The cards' like and comment counts follow everyone's likes and comments (ADR 047).
  useLivePostCounts(enabled);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const posts = query.data ? flattenPages(query.data) : [];
  const merged = mergeTimelines(
    { items: posts, hasNextPage },
    { items: interleave?.items ?? [], hasNextPage: interleave?.hasNextPage ?? false },
  );
  const entries = merged.entries;
  const shown = useProgressiveCount(entries.length, FIRST_DRAWN);
  const loadingMore = isFetchingNextPage || (interleave?.isFetchingNextPage ?? false);
  /** The next page of whichever list holds the merged timeline back. */
  function loadMore() {
    if (merged.next === 'second') interleave?.fetchNextPage();
    else if (merged.next === 'first') void fetchNextPage();
  }
  const settled = !query.isPending;
  useEffect(() => {
    if (!settled) return;
    // Once its first cards (or its error) are on screen, the frame's own calls may go.
    const frame = requestAnimationFrame(() => setTimeout(firstScreenDrawnWithPictures));
    return () => cancelAnimationFrame(frame);
  }, [settled]);
  const markerRef = useInfiniteScroll(
    loadMore,
    // Not while the first page is still being drawn: its end marker would be in view.
    merged.next !== null && !loadingMore && !isFetchNextPageError && shown === entries.length,
  );

  /** Back to the newest posts: keep only the first page, then load it again. */
  function refresh() {
    onRefresh?.();
    queryClient.setQueryData<Pages>(queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void query.refetch().then((result) => {
      // The posts already shown stay; the member is told they are not the newest.
      if (result.isError && result.data) reportActionFailure(t('posts.timeline.refreshFailed'), result.error);
    });
  }

  const refreshing = query.isRefetching && !isFetchingNextPage;
  const floating = refreshButton ? (
    <FloatingRefreshButton onRefresh={refresh} refreshing={refreshing} newLabel={newLabel} />
  ) : null;

  if (query.isPending || interleave?.isPending) {
    return (
      <div role="status" aria-label={t('posts.timeline.loading')} className="space-y-4">
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <>
        {floating}
        <Alert>
          <p>{errorText(errorMessage(query.error))}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('posts.timeline.tryAgain')}
          </Button>
        </Alert>
      </>
    );
  }

  return (
    <PostNoticesProvider>
      {floating}
      {query.isRefetchError ? <Alert className="mb-4">{errorText(errorMessage(query.error))}</Alert> : null}
      {entries.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title={emptyText ?? t('posts.timeline.empty')}
          description={emptyDescription}
          action={emptyAction}
        />
      ) : (
        <div className="space-y-4">
          {entries
            .slice(0, shown)
            .map((entry) =>
              entry.kind === 'first' ? (
                <PostCard key={entry.item.id} post={entry.item} />
              ) : (
                <Fragment key={`other-${entry.item.id}`}>{interleave?.render(entry.item)}</Fragment>
              ),
            )}
        </div>
      )}
      <div ref={markerRef} aria-hidden="true" />
      <ListFooter
        hasNextPage={merged.next !== null}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        error={isFetchNextPageError ? errorText(errorMessage(query.error)) : null}
        showEnd={entries.length > 0 && query.data.pages.length > 1}
        text={{
          loadMore: t('posts.timeline.loadMore'),
          loadingMore: t('posts.timeline.loadingMore'),
          noMore: t('posts.timeline.noMore'),
        }}
      />
    </PostNoticesProvider>
  );
}
