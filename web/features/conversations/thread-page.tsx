import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BellOff, Check, RotateCw, Settings, X } from 'lucide-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Conversation, Message } from '@shared/api/conversations';
import { useAuth } from '@web/app/auth/auth-context';
import { onDemandDialog } from '@web/app/resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { LoadingScreen } from '@web/components/loading-screen';
import { isNotFoundError, NotFoundState } from '@web/components/not-found-state';
import { RetryAlert } from '@web/components/retry-alert';
import { Spinner } from '@web/components/spinner';
import { useLocale, useT } from '@web/i18n/i18n';
import { errorMessage, serverErrorText } from '@web/lib/api-errors';
import { useLiveCatchUp, useLiveEvents } from '@web/lib/live-events';
import { localCalendarDate } from '@web/lib/local-time';
import { queryKeys } from '@web/lib/query-keys';
import { useClock } from '@web/lib/time-zone';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { acceptRequest, conversationQueryOptions, declineRequest, fetchMessagePage, markRead } from './api';
import { MessageComposer } from './components/message-composer';
import { MessageItem, messageElementId } from './components/message-item';
import { isConversationEvent } from './components/messages-nav-link';
import { ParticipantAvatars } from './components/participant-avatars';
import { MESSAGES_PATH, REQUESTS_PATH } from './paths';
import { threadMessages } from './thread-cache';
import { useDocumentVisible, useThreadScroll, useVisible } from './use-thread-scroll';

const { Dialog: ConversationSettingsDialog, openerProps: settingsOpener } = onDemandDialog(
  exportOf(() => import('./components/conversation-settings-dialog'), 'ConversationSettingsDialog'),
);

/** Messages by the same sender closer than this share one name and picture. */
const RUN_GAP_MS = 10 * 60_000;

/**
 * /messages/{id}: one conversation. Its messages newest last, older ones loading on scrolling up
 * (the place kept), under day headings; the composer; the request banner while it is a request; the
 * settings dialog. Live: a message written, edited or deleted, or a change to the conversation,
 * loads it again; the viewer's read mark moves when the latest message is on screen. Opened from a
 * search result (`?message=`), it goes to that message and marks it out.
 */
export function ThreadPage() {
  const t = useT();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const conversation = useQuery(conversationQueryOptions(id));
  useDocumentTitle(conversation.data?.title ?? t('conversations.thread.title'));
  useLiveEvents((event) => {
    if (!isConversationEvent(event) || event.conversationId !== id) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.detail(id) });
    if (event.type !== 'conversation.updated')
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.messages(id) });
  });
  useLiveCatchUp(
    useMemo(() => [queryKeys.conversations.detail(id), queryKeys.conversations.messages(id)], [id]),
  );

  if (conversation.isError && isNotFoundError(conversation.error)) {
    return (
      <NotFoundState
        title={t('conversations.thread.notFound')}
        message={t('conversations.thread.notFoundDescription')}
        actions={<ButtonLink to={MESSAGES_PATH}>{t('conversations.thread.back')}</ButtonLink>}
      />
    );
  }
  if (conversation.isPending) return <LoadingScreen label={t('conversations.thread.loading')} />;
  if (conversation.isError)
    return (
      <RetryAlert
        message={t('conversations.thread.loadError', { message: errorMessage(conversation.error) })}
        retrying={conversation.isFetching}
        onRetry={() => void conversation.refetch()}
      />
    );
  return <Thread key={id} conversation={conversation.data} />;
}

function Thread({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const { user } = useAuth();
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const messages = useInfiniteQuery({
    queryKey: queryKeys.conversations.messages(conversation.id),
    queryFn: ({ pageParam, signal }) =>
      fetchMessagePage({ conversationId: conversation.id, before: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    refetchOnMount: 'always',
  });
  const list = threadMessages(messages.data);
  const scroll = useThreadScroll(list[0]?.id, list.at(-1)?.id);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = messages;
  const topRef = useInfiniteScroll(
    () => void fetchNextPage(),
    scroll.settled && hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  );
  const [params] = useSearchParams();
  const target = useMessageTarget(params.get('message'), list, scroll.settled, messages);
  const [bottomRef, bottomVisible] = useVisible<HTMLDivElement>();
  useReadMark(conversation, list.at(-1), bottomVisible);
  const canWrite = conversation.status === 'active' && conversation.can_write;

  return (
    <div className="flex h-[calc(100dvh-7rem)] min-h-96 flex-col sm:h-[calc(100dvh-8rem)]">
      <header className="mb-3 flex items-center gap-3">
        <ButtonLink
          to={MESSAGES_PATH}
          variant="ghost"
          size="icon"
          aria-label={t('conversations.thread.back')}
          className="shrink-0"
        >
          <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
        </ButtonLink>
        <ParticipantAvatars conversation={conversation} viewerId={user?.id} />
        <div className="min-w-0 flex-1">
          <h1 className="flex items-center gap-2 truncate text-lg font-semibold tracking-tight text-stone-900">
            <span className="truncate">{conversation.title}</span>
            {conversation.muted ? (
              <BellOff
                className="size-4 shrink-0 text-stone-400"
                role="img"
                aria-label={t('conversations.row.muted')}
              />
            ) : null}
          </h1>
          <p className="truncate text-xs text-stone-500">
            {conversation.kind === 'circle'
              ? t('conversations.thread.people', { count: conversation.participants.length })
              : t('conversations.thread.direct')}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('conversations.thread.settings')}
          onClick={() => setSettingsOpen(true)}
          {...settingsOpener}
        >
          <Settings className="size-5" aria-hidden="true" />
        </Button>
      </header>
      {conversation.status === 'request' ? <RequestBanner conversation={conversation} /> : null}
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-2xl border border-stone-200 bg-stone-50/70">
        <div
          ref={scroll.containerRef}
          onScroll={scroll.onScroll}
          role="log"
          tabIndex={0}
          aria-label={t('conversations.thread.log', { title: conversation.title })}
          aria-busy={messages.isFetching || undefined}
          className="min-h-0 flex-1 overflow-y-auto px-3 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset sm:px-5"
        >
          <div ref={topRef} aria-hidden="true" />
          {messages.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label={t('conversations.thread.loadingMessages')} />
            </div>
          ) : messages.isError && !messages.data ? (
            <Alert>
              <p>{t('conversations.thread.loadError', { message: errorMessage(messages.error) })}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void messages.refetch()}>
                <RotateCw className="size-4" aria-hidden="true" />
                {t('conversations.thread.tryAgain')}
              </Button>
            </Alert>
          ) : (
            <>
              {hasNextPage ? (
                <div className="mb-3 flex justify-center">
                  <Button
                    variant="outline"
                    size="sm"
                    busy={isFetchingNextPage}
                    onClick={() => void fetchNextPage()}
                  >
                    {t('conversations.thread.loadOlder')}
                  </Button>
                </div>
              ) : null}
              {isFetchNextPageError ? (
                <Alert className="mb-3">
                  {t('conversations.thread.loadError', { message: errorMessage(messages.error) })}
                </Alert>
              ) : null}
              {list.length === 0 ? (
                <p className="py-10 text-center text-sm text-stone-500">{t('conversations.thread.empty')}</p>
              ) : (
                <MessageList
                  conversation={conversation}
                  messages={list}
                  canReply={canWrite}
                  onReply={setReplyTo}
                  highlightedId={target}
                />
              )}
            </>
          )}
          <div ref={bottomRef} className="h-px" aria-hidden="true" />
        </div>
        {canWrite ? (
          <MessageComposer
            conversationId={conversation.id}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSent={scroll.toEnd}
          />
        ) : conversation.status === 'request' ? null : (
          <p className="border-t border-stone-200 bg-white px-4 py-3 text-sm text-stone-600">
            {conversation.status === 'left'
              ? t('conversations.thread.left')
              : t('conversations.thread.cannotWrite')}
          </p>
        )}
      </div>
      <ConversationSettingsDialog
        conversation={conversation}
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
      />
    </div>
  );
}

/** The messages under their day headings, each run by one sender under one name and picture. */
function MessageList({
  conversation,
  messages,
  canReply,
  onReply,
  highlightedId,
}: {
  conversation: Conversation;
  messages: Message[];
  canReply: boolean;
  onReply: (message: Message) => void;
  highlightedId: string | null;
}) {
  const clock = useClock();
  const locale = useLocale();
  const seenBy = seenByMessage(conversation, messages);
  let previous: Message | undefined;
  let previousDay = '';
  return (
    <ol className="space-y-0">
      {messages.map((message) => {
        const day = localCalendarDate(new Date(message.created_at), clock, locale);
        const newDay = day !== previousDay;
        const showSender =
          newDay ||
          !previous ||
          previous.sender?.id !== message.sender?.id ||
          Date.parse(message.created_at) - Date.parse(previous.created_at) > RUN_GAP_MS;
        previous = message;
        previousDay = day;
        return (
          <li key={message.id}>
            {newDay ? (
              <h2 className="my-4 flex items-center gap-3 text-xs font-medium text-stone-500 before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
                {day}
              </h2>
            ) : null}
            <MessageItem
              message={message}
              showSender={showSender}
              seenBy={seenBy.get(message.id) ?? []}
              canReply={canReply}
              onReply={onReply}
              highlighted={message.id === highlightedId}
            />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Message id → the names of those who have read up to it (only those who share their read marks
 * reach us). A mark on a message of its reader's own (they wrote last) says they saw what came
 * before: it is shown under the latest loaded message before it that someone else wrote.
 */
function seenByMessage(conversation: Conversation, messages: Message[]): Map<string, string[]> {
  const names = new Map(conversation.participants.map((person) => [person.id, person.name]));
  const seen = new Map<string, string[]>();
  for (const mark of conversation.read_marks) {
    const name = names.get(mark.user_id);
    const at = messages.findIndex((message) => message.id === mark.last_read_message_id);
    if (!name || at === -1) continue;
    let shown = at;
    while (shown >= 0 && messages[shown]!.sender?.id === mark.user_id) shown -= 1;
    if (shown === -1) continue;
    const { id } = messages[shown]!;
    seen.set(id, [...(seen.get(id) ?? []), name]);
  }
  return seen;
}

/**
 * The message a search result opened the thread at (`?message=`): older pages load until it is
 * there, then it is scrolled to the middle and focused, once. Answers its id once loaded (null
 * before, or when the thread holds no such message for the viewer: the thread stays at its end).
 */
function useMessageTarget(
  targetId: string | null,
  messages: Message[],
  settled: boolean,
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> },
): string | null {
  const loaded = targetId !== null && messages.some((message) => message.id === targetId);
  const shown = useRef<string | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (targetId === null || loaded || !settled || !hasNextPage || isFetchingNextPage) return;
    void fetchNextPage();
  }, [targetId, loaded, settled, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (!loaded || shown.current === targetId) return;
    shown.current = targetId;
    const element = document.getElementById(messageElementId(targetId));
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [loaded, targetId]);
  return loaded ? targetId : null;
}

/**
 * Moves the viewer's read mark to the latest message once it is on screen in a visible tab, while
 * the server counts unread ones; then the badge, the list and the conversation are asked again.
 */
function useReadMark(conversation: Conversation, latest: Message | undefined, onScreen: boolean) {
  const queryClient = useQueryClient();
  const visible = useDocumentVisible();
  const marked = useRef<string | null>(null);
  const unread = conversation.unread_count;
  const active = conversation.status === 'active';
  const conversationId = conversation.id;
  useEffect(() => {
    if (!active || !onScreen || !visible || !latest || unread === 0 || marked.current === latest.id) return;
    marked.current = latest.id;
    markRead(conversationId, latest.id).then(
      () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.detail(conversationId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.counts() });
      },
      (error: unknown) => {
        // Tried again with the next message, or the next time the latest one is on screen.
        marked.current = null;
        console.error('Could not mark the conversation read', error);
      },
    );
  }, [active, onScreen, visible, latest, unread, conversationId, queryClient]);
}

/** A request: who it is from, and Accept (it becomes a conversation) or Decline (the viewer leaves). */
function RequestBanner({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.counts() });
  };
  const accept = useMutation({
    mutationFn: () => acceptRequest(conversation.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.conversations.detail(conversation.id), updated);
      refresh();
    },
  });
  const decline = useMutation({
    mutationFn: () => declineRequest(conversation.id),
    onSuccess: () => {
      refresh();
      queryClient.removeQueries({ queryKey: queryKeys.conversations.detail(conversation.id) });
      void navigate(REQUESTS_PATH);
    },
  });
  const failure = accept.error ?? decline.error;
  return (
    <section
      aria-labelledby="request-title"
      className="mb-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-stone-800"
    >
      <h2 id="request-title" className="font-semibold text-stone-900">
        {t('conversations.request.title')}
      </h2>
      <p className="mt-1 text-stone-700">{t('conversations.request.description')}</p>
      {failure ? (
        <Alert className="mt-3">{serverErrorText(failure) ?? t('conversations.request.failed')}</Alert>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          busy={accept.isPending}
          disabled={decline.isPending}
          onClick={() => accept.mutate()}
        >
          <Check className="size-4" aria-hidden="true" />
          {t('conversations.request.accept')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          busy={decline.isPending}
          disabled={accept.isPending}
          onClick={() => decline.mutate()}
        >
          <X className="size-4" aria-hidden="true" />
          {t('conversations.request.decline')}
        </Button>
      </div>
    </section>
  );
}
