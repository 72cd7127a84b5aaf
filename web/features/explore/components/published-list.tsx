import type { ReactNode } from 'react';
import {
  useQueryClient,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { RotateCw, type LucideIcon } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { ListFooter } from '@web/components/paged-list-state';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { FloatingRefreshButton } from '@web/components/floating-refresh-button';
import { flattenPages, type CursorPage } from '@web/lib/pagination';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { useT } from '@web/i18n/i18n';
import { publishedErrorText } from '../errors';

type Pages<T> = InfiniteData<CursorPage<T>, unknown>;

/** The message ids of one public list's words: its empty state, its error, and its paging. */
export interface PublishedListText {
  loading: string;
  empty: string;
  error: string;
  loadingMore: string;
  noMore: string;
}

/**
 * A public infinite list (spec sections 2 and 9): the next page loads 100 px before the end, or with
 * Load More; a floating refresh button; Try Again on error; an empty state. Published posts and
 * published links are both shown through it, each with its own query (the caller's
 * useInfiniteQuery, and its key for Refresh), card and words.
 */
export function PublishedList<T extends { id: string }>({
  query,
  queryKey,
  text,
  emptyIcon,
  renderItem,
  skeleton,
}: {
  query: UseInfiniteQueryResult<Pages<T>, unknown>;
  queryKey: QueryKey;
  text: PublishedListText;
  emptyIcon: LucideIcon;
  renderItem: (item: T) => ReactNode;
  skeleton: ReactNode;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = query;
  const markerRef = useInfiniteScroll(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );

  /** Back to the newest: keep only the first page, then load it again. */
  function refresh() {
    queryClient.setQueryData<Pages<T>>(queryKey, (data) =>
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
      <div role="status" aria-label={t(text.loading)} className="space-y-4">
        {skeleton}
        {skeleton}
        {skeleton}
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <>
        {floating}
        <ListError
          error={query.error}
          fallback={t(text.error)}
          retrying={query.isFetching}
          onRetry={() => void refetch()}
        />
      </>
    );
  }

  const items = flattenPages(query.data);
  return (
    <>
      {/* An empty list has its own Refresh, in the empty state. */}
      {items.length > 0 ? floating : null}
      {query.isRefetchError ? (
        <div className="mb-4">
          <ListError
            error={query.error}
            fallback={t(text.error)}
            retrying={query.isFetching}
            onRetry={refresh}
          />
        </div>
      ) : null}
      {items.length === 0 ? (
        <EmptyState
          icon={emptyIcon}
          title={t(text.empty)}
          action={
            <Button variant="outline" onClick={refresh} busy={query.isRefetching}>
              <RotateCw className="size-4" aria-hidden="true" />
              {t('explore.list.refresh')}
            </Button>
          }
        />
      ) : (
        <div className="space-y-4">{items.map((item) => renderItem(item))}</div>
      )}
      <div ref={markerRef} aria-hidden="true" />
      <ListFooter
        hasNextPage={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => void fetchNextPage()}
        error={isFetchNextPageError ? publishedErrorText(query.error, t(text.error)) : null}
        showEnd={items.length > 0 && query.data.pages.length > 1}
        text={{
          loadingMore: t(text.loadingMore),
          noMore: t(text.noMore),
          loadMore: t('explore.list.loadMore'),
        }}
        size="lg"
      />
    </>
  );
}

/** The list's error, the reason (e.g. rate limited), and Try Again. */
function ListError({
  error,
  fallback,
  retrying,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  const reason = publishedErrorText(error, fallback);
  return (
    <Alert>
      <p className="font-medium">{fallback}</p>
      {reason !== fallback ? <p>{reason}</p> : null}
      <Button variant="outline" size="sm" className="mt-3" busy={retrying} onClick={onRetry}>
        {retrying ? null : <RotateCw className="size-4" aria-hidden="true" />}
        {t('explore.list.tryAgain')}
      </Button>
    </Alert>
  );
}
