import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { BellRing, CheckCheck, RotateCw } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Notification } from '@shared/api/notifications';
import { actionFailure, reportActionFailure } from '@web/lib/action-errors';
import { Alert } from '@web/components/alert';
import { ListFooter } from '@web/components/paged-list-state';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { flattenPages } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { fetchNotificationPage, markAllNotificationsRead, markNotificationRead } from './api';
import { GroupInvitationsList } from './components/group-invitations-list';
import { NotificationRow } from './components/notification-row';

/**
 * /inbox: the member's notifications, newest first, in cursor pages (Load More, or scrolling to the
 * end). Opening an item marks it (and its grouped line) read and goes to it. The list refreshes on
 * focus and whenever a notification arrives live (the top bar's InboxLink invalidates it).
 */
export function InboxPage() {
  const t = useT();
  useDocumentTitle(t('inbox.list.title'));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useInfiniteQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage({ after: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = query;
  const markerRef = useInfiniteScroll(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );
  const items = flattenPages(query.data);

  const refreshAll = (count: number) => {
    queryClient.setQueryData(queryKeys.notifications.unreadCount(), count);
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() });
  };
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: refreshAll,
    meta: actionFailure(t('inbox.list.markAllFailed')),
  });

  async function open(item: Notification) {
    if (!item.read) {
      try {
        refreshAll(await markNotificationRead(item.id));
      } catch (error) {
        // Opening the item matters more than the marker; the list shows it unread until next time.
        reportActionFailure(t('inbox.list.markFailed'), error);
      }
    }
    await navigate(item.path);
  }

  const hasUnread = items.some((item) => !item.read);
  const markAllButton = (
    <Button
      variant="outline"
      size="sm"
      busy={markAll.isPending}
      disabled={!hasUnread}
      onClick={() => markAll.mutate()}
    >
      <CheckCheck className="size-4" aria-hidden="true" />
      {t('inbox.list.markAll')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('inbox.list.title')}
        description={t('inbox.list.description')}
        actions={markAllButton}
      />
      {markAll.isError ? <Alert className="mb-4">{errorMessage(markAll.error)}</Alert> : null}
      <GroupInvitationsList />
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('inbox.list.loading')} />
        </div>
      ) : query.isError && !query.data ? (
        <Alert>
          <p>{t('inbox.list.loadError', { message: errorMessage(query.error) })}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('inbox.list.tryAgain')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={BellRing}
          title={t('inbox.list.empty')}
          description={t('inbox.list.emptyDescription')}
        />
      ) : (
        <>
          <ul
            aria-label={t('inbox.list.label')}
            className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white"
          >
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={() => void open(item)} />
            ))}
          </ul>
          <div ref={markerRef} aria-hidden="true" />
          <ListFooter
            hasNextPage={hasNextPage}
            loadingMore={isFetchingNextPage}
            onLoadMore={() => void fetchNextPage()}
            error={
              isFetchNextPageError ? t('inbox.list.loadError', { message: errorMessage(query.error) }) : null
            }
            showEnd={query.data.pages.length > 1}
            text={{
              loadMore: t('inbox.list.loadMore'),
              loadingMore: t('inbox.list.loadingMore'),
              noMore: t('inbox.list.noMore'),
            }}
          />
        </>
      )}
    </>
  );
}
