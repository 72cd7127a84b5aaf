import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import type { CursorPage } from '@web/lib/pagination';

export type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<CursorPage<T>, unknown>>;

/** Loading and error states of a cursor-paged list, then the list and its Load More button. */
export function PagedListState<T>({
  query,
  loadingLabel,
  children,
}: {
  query: PagedQuery<T>;
  loadingLabel: string;
  children: (items: T[]) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-stone-500">
        <Spinner /> {loadingLabel}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Alert>
        <p>{t('components.pagedList.error', { message: errorMessage(query.error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('components.pagedList.tryAgain')}
        </Button>
      </Alert>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <>
      {children(items)}
      {query.hasNextPage ? (
        <div className="mt-5 flex justify-center">
          <Button
            variant="outline"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t(
              query.isFetchingNextPage ? 'components.pagedList.loadingMore' : 'components.pagedList.loadMore',
            )}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * The foot of an infinite list: while more pages exist, a Load More button (the scroll marker above
 * it loads them by itself) with the last failure above it; once a list of several pages has ended,
 * a line saying so.
 */
export function ListFooter({
  hasNextPage,
  loadingMore,
  onLoadMore,
  error,
  showEnd,
  text,
  size,
}: {
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Why the last page failed to load, or null. */
  error: ReactNode;
  /** Whether to say the list has ended (several pages were read). */
  showEnd: boolean;
  text: { loadMore: string; loadingMore: string; noMore?: string };
  size?: 'lg';
}) {
  if (hasNextPage) {
    return (
      <div className="mt-6 flex flex-col items-center gap-3">
        {error ? <Alert className="w-full">{error}</Alert> : null}
        <Button variant="outline" size={size} busy={loadingMore} onClick={onLoadMore}>
          {loadingMore ? text.loadingMore : text.loadMore}
        </Button>
      </div>
    );
  }
  if (!showEnd || !text.noMore) return null;
  return <p className="mt-8 mb-2 text-center text-sm text-stone-500">{text.noMore}</p>;
}
