import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, MessageCircle, RotateCw } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { flattenPages } from '@web/lib/pagination';
import type { BaseComment, ConversationAdapter, Thread } from './adapter';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { addCachedComment, repliesKey } from './comments-cache';

/**
 * The conversation under a post or a link: top-level comments oldest first, a page at a time ("Show
 * more comments"), each with its replies indented under it ("View N more replies"), an inline reply
 * box, and the comment form. What it is about comes in `adapter`; `count` is the subject's
 * comments_count.
 */
export function Conversation<F extends BaseComment>({
  adapter,
  count,
}: {
  adapter: ConversationAdapter<F>;
  count: number;
}) {
  const t = useT();
  const comments = useInfiniteQuery({
    queryKey: adapter.queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => adapter.fetchPage(pageParam, signal),
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
  });
  const list = flattenPages(comments.data);

  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2
        id="comments-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight text-stone-900"
      >
        <MessageCircle className="size-5 text-brand-700" aria-hidden="true" />
        {t('comments.conversation.title')}
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600 tabular-nums">
          {count}
        </span>
      </h2>
      <div className="rounded-2xl border border-stone-200/80 bg-white shadow-sm shadow-stone-900/5">
        {comments.isPending ? (
          <div className="flex items-center justify-center gap-2 py-10 text-sm text-stone-500" role="status">
            <Spinner /> {t('comments.conversation.loading')}
          </div>
        ) : comments.isError ? (
          <div className="p-4 sm:p-5">
            <Alert>
              <p>{adapter.loadErrorText(errorMessage(comments.error))}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void comments.refetch()}>
                <RotateCw className="size-4" aria-hidden="true" />
                {t('comments.conversation.tryAgain')}
              </Button>
            </Alert>
          </div>
        ) : list.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-stone-500">{t('comments.conversation.empty')}</p>
        ) : (
          <>
            <ul className="divide-y divide-stone-100">
              {list.map((comment) => (
                <CommentThread key={comment.id} comment={comment} adapter={adapter} />
              ))}
            </ul>
            {comments.hasNextPage ? (
              <div className="border-t border-stone-100 px-4 py-3 text-center sm:px-5">
                <Button
                  variant="outline"
                  size="sm"
                  busy={comments.isFetchingNextPage}
                  onClick={() => void comments.fetchNextPage()}
                >
                  {comments.isFetchingNextPage
                    ? t('comments.conversation.loading')
                    : t('comments.conversation.showMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
        <div className="border-t border-stone-100 bg-stone-50/60 p-4 sm:p-5">
          <NewComment adapter={adapter} />
        </div>
      </div>
    </section>
  );
}

/** A top-level comment, its replies (the first ones, then more on demand) and the reply box. */
function CommentThread<F extends BaseComment>({
  comment,
  adapter,
}: {
  comment: Thread<F>;
  adapter: ConversationAdapter<F>;
}) {
  const t = useT();
  const [replyTo, setReplyTo] = useState<F | null>(null);
  const [showAll, setShowAll] = useState(false);
  const more = useInfiniteQuery({
    queryKey: repliesKey(adapter.queryKey, comment.id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => adapter.fetchReplies(comment.id, pageParam, signal),
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
    enabled: showAll,
  });
  const replies = mergeReplies(comment.replies, flattenPages(more.data));
  const hidden = comment.replies_count - replies.length;

  function viewMore() {
    if (!showAll) setShowAll(true);
    else void more.fetchNextPage();
  }

  return (
    <li className="px-4 py-4 sm:px-5">
      <CommentItem comment={comment as F} adapter={adapter} onReply={setReplyTo} />
      {replies.length > 0 || hidden > 0 || replyTo ? (
        <div className="mt-3 ms-10 space-y-3 border-s-2 border-stone-100 ps-3 sm:ps-4">
          {replies.length > 0 ? (
            <ul className="space-y-4" aria-label={t('comments.thread.replies', { name: comment.name })}>
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} adapter={adapter} onReply={setReplyTo} />
                </li>
              ))}
            </ul>
          ) : null}
          {hidden > 0 ? (
            <Button variant="link" size="sm" className="text-xs" busy={more.isFetching} onClick={viewMore}>
              <ChevronDown className="size-3.5" aria-hidden="true" />
              {t('comments.thread.viewMore', { count: hidden })}
            </Button>
          ) : null}
          {more.isError ? <Alert>{adapter.loadErrorText(errorMessage(more.error))}</Alert> : null}
          {replyTo ? (
            <ReplyBox
              key={replyTo.id}
              adapter={adapter}
              parent={comment}
              answering={replyTo}
              onDone={() => setReplyTo(null)}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The first replies and those loaded since, once each, oldest first. */
function mergeReplies<F extends BaseComment>(first: F[], loaded: F[]): F[] {
  const byId = new Map<string, F>();
  for (const reply of [...loaded, ...first]) byId.set(reply.id, reply);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

function ReplyBox<F extends BaseComment>({
  adapter,
  parent,
  answering,
  onDone,
}: {
  adapter: ConversationAdapter<F>;
  parent: F;
  answering: F;
  onDone: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const add = useMutation({
    // Answering a reply: the server files it under the top-level comment.
    mutationFn: (text: string) => adapter.create(text, answering.id),
    onSuccess: (reply) => {
      addCachedComment(queryClient, adapter, reply);
      onDone();
    },
    onError: (error) => console.error('Could not post reply', error),
  });
  // Answering someone inside a thread names them, as people do in a thread.
  const initialText = answering.id !== parent.id && !answering.is_owner ? `@${answering.username} ` : '';
  return (
    <CommentComposer
      label={t('comments.reply.label', { name: answering.name })}
      initialText={initialText}
      placeholder={t('comments.reply.placeholder', { name: answering.name })}
      submitLabel={t('comments.reply.submit')}
      busyLabel={t('comments.reply.busy')}
      busy={add.isPending}
      error={add.isError ? adapter.errorText(add.error) : null}
      groupId={adapter.groupId}
      autoFocus
      draftPlace={`reply:${answering.id}`}
      onSubmit={async (text) => Boolean(await add.mutateAsync(text).catch(() => null))}
      onCancel={onDone}
    />
  );
}

function NewComment<F extends BaseComment>({ adapter }: { adapter: ConversationAdapter<F> }) {
  const t = useT();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (text: string) => adapter.create(text),
    onSuccess: (comment) => addCachedComment(queryClient, adapter, comment),
    onError: (error) => console.error('Could not post comment', error),
  });
  return (
    <CommentComposer
      label={t('comments.new.label')}
      placeholder={t('comments.new.placeholder')}
      submitLabel={t('comments.new.submit')}
      busyLabel={t('comments.new.busy')}
      busy={add.isPending}
      error={add.isError ? adapter.errorText(add.error) : null}
      groupId={adapter.groupId}
      draftPlace={`comment:${adapter.draftScope}`}
      onSubmit={async (text) => Boolean(await add.mutateAsync(text).catch(() => null))}
    />
  );
}
