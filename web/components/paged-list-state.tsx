import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
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
        <p>An error has occurred: {errorMessage(query.error)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          Try Again
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
            {query.isFetchingNextPage ? 'Loading more...' : 'Load More'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
