import { ListFooter } from '@web/components/paged-list-state';
import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link2, Plus, RotateCw } from 'lucide-react';
import { useLocation } from 'react-router';
import type { Link } from '@shared/api/links';
import { reportActionFailure } from '@web/lib/action-errors';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { FloatingRefreshButton } from '@web/components/floating-refresh-button';
import { PageHeader } from '@web/components/page-header';
import { PostCardSkeleton } from '@web/features/posts';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { useLiveEvents } from '@web/lib/live-events';
import { flattenPages, type CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { fetchLinkPage } from './api';
import { LinkCard } from './components/link-card';

/** Spec section 9: the link timeline stays fresh for 1 minute. */
export const LINK_TIMELINE_STALE_TIME_MS = 60_000;

type Pages = InfiniteData<CursorPage<Link>, string | null>;

/**
 * /links (spec sections 2 and 9): the links the member may see, newest first, in cursor pages; Add
 * Link; a floating refresh button; 'No links found' when empty. Fresh for 1 minute, refetched on
 * focus and on every route change; a link being read fills in by itself (live updates).
 */
export function LinksPage() {
  const t = useT();
  useDocumentTitle(t('links.page.title'));
  const queryClient = useQueryClient();
  const location = useLocation();
  const query = useInfiniteQuery({
    queryKey: queryKeys.links.timeline(),
    queryFn: ({ pageParam, signal }) => fetchLinkPage({ after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    staleTime: LINK_TIMELINE_STALE_TIME_MS,
    refetchOnWindowFocus: 'always',
    // Arriving here is a route change: always load the timeline again.
    refetchOnMount: 'always',
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = query;
  const markerRef = useInfiniteScroll(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );

  // A route change while here (the same screen at a new location) loads it again too.
  const seenLocation = useRef(location.key);
  useEffect(() => {
    if (seenLocation.current === location.key) return;
    seenLocation.current = location.key;
    void refetch();
  }, [location.key, refetch]);

  const links = flattenPages(query.data);
  useLiveEvents((event) => {
    if (event.type === 'link.updated' && links.some((link) => link.id === event.linkId)) void refetch();
  });

  function refresh() {
    queryClient.setQueryData<Pages>(queryKeys.links.timeline(), (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void refetch().then((result) => {
      // The links already shown stay; the member is told they are not the newest.
      if (result.isError && result.data) reportActionFailure(t('links.page.refreshFailed'), result.error);
    });
  }

  const addLink = (
    <ButtonLink to="/links/new">
      <Plus className="size-4" aria-hidden="true" />
      {t('links.page.add')}
    </ButtonLink>
  );
  const floating = (
    <FloatingRefreshButton onRefresh={refresh} refreshing={query.isRefetching && !isFetchingNextPage} />
  );

  return (
    <>
      <PageHeader title={t('links.page.title')} description={t('links.page.description')} actions={addLink} />
      {floating}
      {query.isPending ? (
        <div role="status" aria-label={t('links.page.loading')} className="space-y-4">
          <PostCardSkeleton />
          <PostCardSkeleton />
        </div>
      ) : query.isError && !query.data ? (
        <Alert>
          <p>{t('links.page.loadError', { message: errorMessage(query.error) })}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('links.page.tryAgain')}
          </Button>
        </Alert>
      ) : (
        <>
          {query.isRefetchError ? (
            <Alert className="mb-4">
              {t('links.page.loadError', { message: errorMessage(query.error) })}
            </Alert>
          ) : null}
          {links.length === 0 ? (
            <EmptyState icon={Link2} title={t('links.page.empty')} action={addLink} />
          ) : (
            <div className="space-y-4">
              {links.map((link) => (
                <LinkCard key={link.id} link={link} />
              ))}
            </div>
          )}
          <div ref={markerRef} aria-hidden="true" />
          <ListFooter
            hasNextPage={hasNextPage}
            loadingMore={isFetchingNextPage}
            onLoadMore={() => void fetchNextPage()}
            error={
              isFetchNextPageError ? t('links.page.loadError', { message: errorMessage(query.error) }) : null
            }
            showEnd={links.length > 0 && query.data.pages.length > 1}
            text={{
              loadMore: t('links.page.loadMore'),
              loadingMore: t('links.page.loadingMore'),
              noMore: t('links.page.noMore'),
            }}
          />
        </>
      )}
    </>
  );
}
