import { ListFooter } from '@web/components/paged-list-state';
import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Check, Copy, ExternalLink, Globe, GlobeLock, PenLine, RotateCw } from 'lucide-react';
import { useLocation } from 'react-router';
import type { PublicPost } from '@shared/api/public-posts';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { FloatingRefreshButton } from '@web/components/floating-refresh-button';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { Toast } from '@web/components/toast';
import { ApiError, errorMessage } from '@web/lib/api-errors';
import { Message } from '@web/i18n/message';
import { t, useT } from '@web/i18n/i18n';
import { copyToClipboard } from '@web/lib/clipboard';
import { flattenPages, type CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { fetchMyPublicPostsPage } from './api';
import { UnpublishDialog } from './unpublish-dialog';
import { Time } from '@web/components/time';

type Pages = InfiniteData<CursorPage<PublicPost>, string | null>;

/** The red-box text of a failed load: 401 → 'Authentication required' (spec section 6), else 'Error: {message}'. */
export function publishedListError(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return t('published.list.authRequired');
  const message = errorMessage(error);
  return message ? t('published.list.error', { message }) : t('published.list.failed');
}

/**
 * /published (spec section 2): the member's public posts, each with its title, slug, 'Published
 * {date}', View Post (/post/{post_id}), the public URL as an external link, Copy and Unpublish.
 * Pages on with the cursor; a floating refresh button; reloads whenever the route is visited again.
 */
export function PublishedPage() {
  const t = useT();
  useDocumentTitle(t('published.list.title'));
  const queryClient = useQueryClient();
  const location = useLocation();
  const toast = useTimedMessage();
  const query = useInfiniteQuery({
    queryKey: queryKeys.publicPosts.mine(),
    queryFn: ({ pageParam, signal }) => fetchMyPublicPostsPage({ after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const { refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const markerRef = useInfiniteScroll(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );

  // Spec: the list reloads on route change, e.g. following the sidebar's Published while already here.
  const seenKey = useRef(location.key);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    void refetch();
  }, [location.key, refetch]);

  function refresh() {
    queryClient.setQueryData<Pages>(queryKeys.publicPosts.mine(), (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void refetch();
  }

  const header = (
    <PageHeader title={t('published.list.title')} description={t('published.list.description')} />
  );
  const floating = (
    <FloatingRefreshButton onRefresh={refresh} refreshing={query.isRefetching && !isFetchingNextPage} />
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <LoadingScreen label={t('published.list.loading')} />
      </>
    );
  }

  if (query.isError && !query.data) {
    return (
      <>
        {header}
        {floating}
        <Alert>
          <p>{publishedListError(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('published.list.tryAgain')}
          </Button>
        </Alert>
      </>
    );
  }

  const posts = flattenPages(query.data);
  return (
    <>
      {header}
      {floating}
      {query.isRefetchError ? <Alert className="mb-4">{publishedListError(query.error)}</Alert> : null}
      {posts.length === 0 ? (
        <EmptyState
          icon={Globe}
          title={t('published.list.empty')}
          description={t('published.list.emptyDescription')}
          action={
            <ButtonLink to="/posts/new">
              <PenLine className="size-4" aria-hidden="true" />
              {t('published.list.createAPost')}
            </ButtonLink>
          }
        />
      ) : (
        <ul className="space-y-3" aria-label={t('published.list.label')}>
          {posts.map((post) => (
            <PublishedItem key={post.id} post={post} notify={toast.show} />
          ))}
        </ul>
      )}
      <div ref={markerRef} aria-hidden="true" />
      <ListFooter
        hasNextPage={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => void fetchNextPage()}
        error={isFetchNextPageError ? publishedListError(query.error) : null}
        showEnd={false}
        text={{ loadMore: t('published.list.loadMore'), loadingMore: t('published.list.loadingMore') }}
      />
      <Toast message={toast.message} />
    </>
  );
}

function PublishedItem({ post, notify }: { post: PublicPost; notify: (message: string) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [unpublishOpen, setUnpublishOpen] = useState(false);
  const copied = useTimedMessage(2000);

  async function copy() {
    try {
      await copyToClipboard(post.public_url);
      copied.show(t('published.link.copied'));
    } catch (error) {
      console.error('Copy failed', error);
      notify(t('published.link.copyFailed'));
    }
  }

  return (
    <li>
      <Card className="p-4 sm:p-5">
        <article aria-labelledby={`public-${post.id}-title`}>
          <h2
            id={`public-${post.id}-title`}
            className="text-base leading-snug font-semibold tracking-tight break-words text-stone-900 sm:text-lg"
          >
            {post.tldr}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-500">
            <span className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-700">
              {post.slug}
            </span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span>
              <Message
                id="published.list.publishedOn"
                components={{ date: <Time value={post.created_at} format="date" /> }}
              />
            </span>
          </p>
          <a
            href={post.public_url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex max-w-full items-center gap-1.5 rounded-sm text-sm font-medium break-all text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            {post.public_url}
          </a>
          <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-100 pt-3">
            <ButtonLink
              to={`/post/${encodeURIComponent(post.post_id)}`}
              variant="outline"
              size="sm"
              className="h-10 sm:h-8"
            >
              {t('published.list.viewPost')}
            </ButtonLink>
            <Button variant="outline" size="sm" className="h-10 sm:h-8" onClick={() => void copy()}>
              {copied.message ? (
                <Check className="size-4 text-emerald-600" aria-hidden="true" />
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
              {copied.message ?? t('published.list.copyLink')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="ms-auto h-10 text-red-700 hover:bg-red-50 hover:text-red-800 sm:h-8"
              onClick={() => setUnpublishOpen(true)}
            >
              <GlobeLock className="size-4" aria-hidden="true" />
              {t('published.unpublish.action')}
            </Button>
          </div>
        </article>
      </Card>
      <UnpublishDialog
        publicPostId={post.id}
        title={post.tldr}
        open={unpublishOpen}
        onOpenChange={setUnpublishOpen}
        onUnpublished={() => {
          // Members' screens show whether a post is published: read them afresh when next shown.
          void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
          notify(t('published.unpublish.done'));
        }}
      />
    </li>
  );
}
