import { useState, type KeyboardEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Inbox, MessagesSquare, RotateCw, SquarePen } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { onDemandDialog } from '@web/app/resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';
import { useAuth } from '@web/app/auth/auth-context';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { ListFooter } from '@web/components/paged-list-state';
import { Spinner } from '@web/components/spinner';
import { Alert } from '@web/components/alert';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { flattenPages } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { fetchConversationPage, messageCountsQueryOptions, type ConversationStatus } from './api';
import { ConversationRow } from './components/conversation-row';
import { MessageSearchForm, MessageSearchResults } from './components/message-search';
import { badgeText } from './components/unread-badge';

const { Dialog: NewConversationDialog, openerProps: newConversationOpener } = onDemandDialog(
  exportOf(() => import('./components/new-conversation-dialog'), 'NewConversationDialog'),
);

const TABS: readonly ConversationStatus[] = ['active', 'request'];

/**
 * /messages: the member's conversations, newest activity first, under two tabs: Conversations and
 * Requests (first messages from members they do not follow, ADR 060), each with its count. "New
 * message" opens the member picker. The lists refresh when a message arrives live (the navigation's
 * badge invalidates them) and on focus. The search box above them finds messages (`?q=`): its
 * results take the tabs' place until it is cleared.
 */
export function ConversationsPage() {
  const t = useT();
  useDocumentTitle(t('conversations.list.title'));
  const [params, setParams] = useSearchParams();
  const tab: ConversationStatus = params.get('tab') === 'requests' ? 'request' : 'active';
  const query = params.get('q')?.trim() ?? '';
  const [composing, setComposing] = useState(false);
  const counts = useQuery(messageCountsQueryOptions());

  function search(q: string) {
    setParams(q ? { q } : {});
  }

  function choose(next: ConversationStatus) {
    setParams(next === 'request' ? { tab: 'requests' } : {}, { replace: true });
  }

  /** Arrow keys move between the tabs, as the tabs pattern has them. */
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'active' ? 'request' : 'active';
    choose(next);
    document.getElementById(`conversations-tab-${next}`)?.focus();
  }

  const tabCount = (status: ConversationStatus) =>
    (status === 'active' ? counts.data?.unread : counts.data?.requests) ?? 0;

  return (
    <>
      <PageHeader
        title={t('conversations.list.title')}
        description={t('conversations.list.description')}
        actions={
          <Button onClick={() => setComposing(true)} {...newConversationOpener}>
            <SquarePen className="size-4" aria-hidden="true" />
            {t('conversations.list.new')}
          </Button>
        }
      />
      <MessageSearchForm key={query} query={query} onSearch={search} />
      {query ? (
        <MessageSearchResults query={query} />
      ) : (
        <ConversationTabs tab={tab} choose={choose} onTabKey={onTabKey} tabCount={tabCount} />
      )}
      <NewConversationDialog open={composing} onOpenChange={setComposing} />
    </>
  );
}

/** The Conversations and Requests tabs, each with its count, and the chosen one's list. */
function ConversationTabs({
  tab,
  choose,
  onTabKey,
  tabCount,
}: {
  tab: ConversationStatus;
  choose: (next: ConversationStatus) => void;
  onTabKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  tabCount: (status: ConversationStatus) => number;
}) {
  const t = useT();
  return (
    <>
      <div
        role="tablist"
        aria-label={t('conversations.list.tabs')}
        className="mb-4 inline-flex rounded-xl bg-stone-100 p-1"
      >
        {TABS.map((status) => {
          const selected = tab === status;
          const count = tabCount(status);
          return (
            <button
              key={status}
              id={`conversations-tab-${status}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls="conversations-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(status)}
              onKeyDown={onTabKey}
              className={cn(
                'inline-flex items-center gap-2 rounded-lg px-3.5 py-1.5 text-sm font-medium transition-colors',
                'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                selected ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900',
              )}
            >
              {status === 'active' ? t('conversations.list.conversations') : t('conversations.list.requests')}
              {count > 0 ? (
                <>
                  <span
                    aria-hidden="true"
                    className="rounded-full bg-brand-700 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-on-solid"
                  >
                    {badgeText(count)}
                  </span>
                  <span className="sr-only">
                    {status === 'active'
                      ? t('conversations.list.unreadCount', { count })
                      : t('conversations.list.requestCount', { count })}
                  </span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <div id="conversations-panel" role="tabpanel" aria-labelledby={`conversations-tab-${tab}`}>
        <ConversationList key={tab} status={tab} />
      </div>
    </>
  );
}

function ConversationList({ status }: { status: ConversationStatus }) {
  const t = useT();
  const { user } = useAuth();
  const query = useInfiniteQuery({
    queryKey: queryKeys.conversations.list(status),
    queryFn: ({ pageParam, signal }) => fetchConversationPage({ status, after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const markerRef = useInfiniteScroll(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );
  const items = flattenPages(query.data);
  const requests = status === 'request';

  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('conversations.list.loading')} />
      </div>
    );
  if (query.isError && !query.data)
    return (
      <Alert>
        <p>{t('conversations.list.loadError', { message: errorMessage(query.error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('conversations.list.tryAgain')}
        </Button>
      </Alert>
    );
  if (items.length === 0)
    return (
      <EmptyState
        icon={requests ? Inbox : MessagesSquare}
        title={requests ? t('conversations.list.noRequests') : t('conversations.list.empty')}
        description={
          requests ? t('conversations.list.noRequestsDescription') : t('conversations.list.emptyDescription')
        }
      />
    );
  return (
    <>
      <ul
        aria-label={requests ? t('conversations.list.requests') : t('conversations.list.conversations')}
        className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white"
      >
        {items.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} viewerId={user?.id} />
        ))}
      </ul>
      <div ref={markerRef} aria-hidden="true" />
      <ListFooter
        hasNextPage={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => void fetchNextPage()}
        error={
          isFetchNextPageError
            ? t('conversations.list.loadError', { message: errorMessage(query.error) })
            : null
        }
        showEnd={query.data.pages.length > 1}
        text={{
          loadMore: t('conversations.list.loadMore'),
          loadingMore: t('conversations.list.loadingMore'),
          noMore: t('conversations.list.noMore'),
        }}
      />
    </>
  );
}
