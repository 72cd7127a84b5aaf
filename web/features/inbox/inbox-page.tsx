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
import { errorMessage } from '@web/lib/api-errors';
import { flattenPages } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { fetchNotificationPage, markAllNotificationsRead, markNotificationRead } from './api';
import { GroupInvitationsList } from './components/group-invitations-list';
import { NotificationRow } from './components/notification-row';
import { INBOX_TEXT } from './messages';

/**
 * /inbox: the member's notifications, newest first, in cursor pages (Load More, or scrolling to the
 * end). Opening an item marks it (and its grouped line) read and goes to it. The list refreshes on
 * focus and whenever a notification arrives live (the top bar's InboxLink invalidates it).
 */
export function InboxPage() {
  useDocumentTitle(INBOX_TEXT.title);
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
    meta: actionFailure("Couldn't mark your notifications as read."),
  });

  async function open(item: Notification) {
    if (!item.read) {
      try {
        refreshAll(await markNotificationRead(item.id));
      } catch (error) {
        // Opening the item matters more than the marker; the list shows it unread until next time.
        reportActionFailure("Couldn't mark the notification as read.", error);
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
      {INBOX_TEXT.markAll}
    </Button>
  );

  return (
    <>
      <PageHeader title={INBOX_TEXT.title} description={INBOX_TEXT.description} actions={markAllButton} />
      {markAll.isError ? <Alert className="mb-4">{errorMessage(markAll.error)}</Alert> : null}
      <GroupInvitationsList />
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading notifications" />
        </div>
      ) : query.isError && !query.data ? (
        <Alert>
          <p>{INBOX_TEXT.loadError(errorMessage(query.error))}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            Try Again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={BellRing} title={INBOX_TEXT.empty} description={INBOX_TEXT.emptyDescription} />
      ) : (
        <>
          <ul
            aria-label="Notifications"
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
            error={isFetchNextPageError ? INBOX_TEXT.loadError(errorMessage(query.error)) : null}
            showEnd={query.data.pages.length > 1}
            text={INBOX_TEXT}
          />
        </>
      )}
    </>
  );
}
