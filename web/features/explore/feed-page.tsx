import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Newspaper, RotateCw } from 'lucide-react';
import type { PublishedPost } from '@shared/api/public-posts';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { flattenPages, type CursorPage } from '@web/lib/pagination';
import { useT } from '@web/i18n/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { FeedPostCard } from './components/feed-post-card';
import { PublishedPostCardSkeleton } from './components/published-post-card-skeleton';
import { isInAppWebView } from './in-app-web-view';
import { publishedErrorText } from './errors';
import { feedQueryOptions } from './queries';
import { useSwipe, type SwipeDirection } from './use-swipe';

type Pages = InfiniteData<CursorPage<PublishedPost>, string | null>;

/** Keys typed here belong to the field (or the dialog), not to the feed. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return Boolean(
    target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"]'),
  );
}

/**
 * `/` and `/feed` (spec section 2): published posts one at a time, fetched in pages of one. 'N of M'
 * ('+' while more exist), previous and next buttons, the arrow keys and sideways swipes move between
 * them; going back from the first post (right swipe, left arrow or Previous) refreshes the feed.
 */
export function FeedPage() {
  const t = useT();
  useDocumentTitle(t('explore.feed.title'));
  const queryClient = useQueryClient();
  const options = feedQueryOptions();
  const query = useInfiniteQuery(options);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const [index, setIndex] = useState(0);
  const [showButtons] = useState(() => !isInAppWebView());
  const areaRef = useRef<HTMLDivElement>(null);

  const posts = flattenPages(query.data);
  // The list can shrink (a refresh, an unpublished post): never point past its end.
  const current = Math.min(index, Math.max(posts.length - 1, 0));
  const post = posts[current];

  function refresh() {
    queryClient.setQueryData<Pages>(options.queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    setIndex(0);
    void refetch();
  }

  function next() {
    if (current + 1 < posts.length) {
      setIndex(current + 1);
      return;
    }
    if (!hasNextPage || isFetchingNextPage) return;
    void fetchNextPage().then((result) => {
      if (flattenPages(result.data).length > current + 1) setIndex(current + 1);
    });
  }

  function previous() {
    if (current > 0) setIndex(current - 1);
    else refresh();
  }

  // The newest handlers, for the listeners below (which are set up once).
  const move = useRef({ next, previous });
  useEffect(() => {
    move.current = { next, previous };
  });

  useSwipe(areaRef, (direction: SwipeDirection) =>
    direction === 'left' ? move.current.next() : move.current.previous(),
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTypingTarget(event.target)) return;
      // The keys point where the buttons do: right to left, Next is on the left.
      const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
      if (event.key === forward) move.current.next();
      else if (event.key === back) move.current.previous();
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A new post comes into view at its top. The first one shown (once the feed has loaded) stays
  // where the page opened: scrolling to it would also cost the first load a forced layout.
  const shownId = post?.id;
  const previousShown = useRef(shownId);
  useEffect(() => {
    const previous = previousShown.current;
    previousShown.current = shownId;
    if (previous && shownId && previous !== shownId) areaRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shownId]);

  let body;
  // A failed refresh of posts already shown (or of an empty feed): said above what stays on screen.
  const refreshError = query.isError ? (
    <div className="mb-4">
      <FeedError error={query.error} retrying={query.isFetching} onRetry={refresh} />
    </div>
  ) : null;
  if (query.isPending) {
    body = (
      <div role="status" aria-label={t('explore.feed.loading')}>
        <PublishedPostCardSkeleton tall />
      </div>
    );
  } else if (query.isError && !query.data) {
    body = <FeedError error={query.error} retrying={query.isFetching} onRetry={() => void refetch()} />;
  } else if (!post) {
    body = (
      <>
        {refreshError}
        <EmptyState
          icon={Newspaper}
          title={t('explore.timeline.empty')}
          action={
            <Button variant="outline" size="lg" onClick={refresh} busy={query.isRefetching}>
              {query.isRefetching ? null : <RotateCw className="size-4" aria-hidden="true" />}
              {t('explore.list.refresh')}
            </Button>
          }
        />
      </>
    );
  } else {
    body = (
      <>
        {refreshError}
        <FeedNavigation
          position={t('explore.feed.position', {
            index: current + 1,
            loaded: posts.length,
            more: hasNextPage ? 'yes' : 'no',
          })}
          showButtons={showButtons}
          onPrevious={previous}
          onNext={next}
          canGoNext={current + 1 < posts.length || hasNextPage}
          loadingNext={isFetchingNextPage}
          refreshing={query.isRefetching && !isFetchingNextPage}
        />
        <FeedPostCard key={post.id} post={post} className="mt-3 animate-fade-in" />
        <p className="mt-3 text-center text-xs text-stone-500" aria-hidden="true">
          <span className="pointer-coarse:hidden">{t('explore.feed.keysHint')}</span>
          <span className="hidden pointer-coarse:inline">{t('explore.feed.swipeHint')}</span>
        </p>
      </>
    );
  }

  return (
    <div ref={areaRef} className="mx-auto w-full max-w-2xl touch-pan-y" data-testid="feed">
      <h1 className="sr-only">{t('explore.feed.title')}</h1>
      {body}
    </div>
  );
}

function FeedNavigation({
  position,
  showButtons,
  onPrevious,
  onNext,
  canGoNext,
  loadingNext,
  refreshing,
}: {
  position: string;
  showButtons: boolean;
  onPrevious: () => void;
  onNext: () => void;
  canGoNext: boolean;
  loadingNext: boolean;
  refreshing: boolean;
}) {
  const t = useT();
  return (
    <div className="flex items-center justify-between gap-3">
      {showButtons ? (
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-full"
          aria-label={t('explore.feed.previous')}
          title={t('explore.feed.previous')}
          onClick={onPrevious}
          busy={refreshing}
        >
          {refreshing ? null : <ChevronLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />}
        </Button>
      ) : (
        <span />
      )}
      <p
        aria-live="polite"
        className="text-sm font-medium text-stone-600 tabular-nums"
        data-testid="feed-position"
      >
        {position}
      </p>
      {showButtons ? (
        <Button
          variant="outline"
          size="icon"
          className="size-11 rounded-full"
          aria-label={t('explore.feed.next')}
          title={t('explore.feed.next')}
          onClick={onNext}
          disabled={!canGoNext}
          busy={loadingNext}
        >
          {loadingNext ? null : <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />}
        </Button>
      ) : (
        <span />
      )}
    </div>
  );
}

/** Spec section 8: the message ('Rate limited. Please try again in N seconds.' …) with Try Again. */
function FeedError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert>
      <p>{publishedErrorText(error)}</p>
      <Button variant="outline" size="sm" className="mt-3" busy={retrying} onClick={onRetry}>
        {retrying ? null : <RotateCw className="size-4" aria-hidden="true" />}
        {t('explore.list.tryAgain')}
      </Button>
    </Alert>
  );
}
