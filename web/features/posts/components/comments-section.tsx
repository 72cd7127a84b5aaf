import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag, MessageCircle, RotateCw, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Comment } from '@shared/api/comments';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { Markdown } from '@web/components/markdown';
import { Spinner } from '@web/components/spinner';
import { errorMessage, fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { createComment, deleteComment, fetchComments } from '../api';
import { POST_TEXT } from '../messages';
import { updateCachedPost } from '../post-cache';
import { profilePath } from './post-header';
import { ReportDialog } from './report-dialog';

/** The message of a failed delete: the server's, else the error's, else 'Failed to delete comment'. */
export function commentDeleteErrorText(error: unknown): string {
  return (
    serverErrorText(error) ??
    (error instanceof Error && error.message ? error.message : POST_TEXT.commentDeleteFailed)
  );
}

/** The message of a failed comment: the server's, else its field errors, else the default. */
function commentErrorText(error: unknown): string {
  const server = serverErrorText(error);
  if (server) return server;
  const fields = Object.values(fieldErrorsOf(error)).flat();
  return fields.length > 0 ? fields.join(', ') : POST_TEXT.commentFailed;
}

/** The post page's comments (oldest first), delete where allowed, and the comment form. */
export function CommentsSection({ postId, initialCount }: { postId: string; initialCount: number }) {
  const comments = useQuery({
    queryKey: queryKeys.posts.comments(postId),
    queryFn: ({ signal }) => fetchComments(postId, signal),
  });
  const count = comments.data?.length ?? initialCount;

  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2
        id="comments-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight text-stone-900"
      >
        <MessageCircle className="size-5 text-brand-700" aria-hidden="true" />
        Comments
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600 tabular-nums">
          {count}
        </span>
      </h2>
      <div className="rounded-2xl border border-stone-200/80 bg-white shadow-sm shadow-stone-900/5">
        {comments.isPending ? (
          <div className="flex items-center justify-center gap-2 py-10 text-sm text-stone-500" role="status">
            <Spinner /> Loading comments…
          </div>
        ) : comments.isError ? (
          <div className="p-4 sm:p-5">
            <Alert>
              <p>{POST_TEXT.loadError(errorMessage(comments.error))}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void comments.refetch()}>
                <RotateCw className="size-4" aria-hidden="true" />
                Try Again
              </Button>
            </Alert>
          </div>
        ) : comments.data.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-stone-500">
            No comments yet. Start the conversation!
          </p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {comments.data.map((comment) => (
              <CommentItem key={comment.id} comment={comment} postId={postId} />
            ))}
          </ul>
        )}
        <div className="border-t border-stone-100 bg-stone-50/60 p-4 sm:p-5">
          <CommentForm postId={postId} />
        </div>
      </div>
    </section>
  );
}

function CommentItem({ comment, postId }: { comment: Comment; postId: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteComment(comment.id),
    onSuccess: () => {
      setConfirming(false);
      queryClient.setQueryData<Comment[]>(queryKeys.posts.comments(postId), (list) =>
        list?.filter((item) => item.id !== comment.id),
      );
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        comments_count: Math.max(0, post.comments_count - 1),
      }));
    },
    onError: (error) => {
      console.error(`Could not delete comment ${comment.id}`, error);
      setConfirming(false);
      setFailure(commentDeleteErrorText(error));
    },
  });

  const profile = profilePath(comment.profile_id);
  return (
    <li className="flex gap-3 px-4 py-4 sm:px-5">
      <Link to={profile} className="shrink-0 rounded-full" aria-label={`${comment.name}'s profile`}>
        <Avatar src={comment.avatar} initials={initialsOf(comment.name)} size="sm" className="mt-0.5" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1 leading-snug">
            <p className="truncate text-sm">
              <Link to={profile} className="font-semibold text-stone-900 hover:underline">
                {comment.name}
              </Link>{' '}
              <span className="text-stone-500">@{comment.username}</span>
            </p>
            <time
              dateTime={comment.created_at}
              title={comment.time_ago}
              className="block text-xs text-stone-500"
            >
              {comment.created_at_human}
            </time>
          </div>
          {comment.is_owner ? null : <ReportCommentButton commentId={comment.id} />}
          {comment.can_delete ? (
            <button
              type="button"
              aria-label="Delete comment"
              title="Delete comment"
              onClick={() => setConfirming(true)}
              className="-mt-1 -mr-1.5 shrink-0 rounded-lg p-1.5 text-stone-400 transition-colors hover:bg-red-50 hover:text-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <Markdown className="mt-1 text-[15px]">{comment.content}</Markdown>
      </div>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        dismissible={!remove.isPending}
        title="Delete this comment?"
        description="It will be removed for everyone. This can't be undone."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting...' : 'Delete comment'}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={failure !== null}
        onOpenChange={(open) => (open ? undefined : setFailure(null))}
        title="Error"
      >
        <p className="text-sm text-stone-700">{failure}</p>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setFailure(null)}>OK</Button>
        </div>
      </Dialog>
    </li>
  );
}

function CommentForm({ postId }: { postId: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [content, setContent] = useState('');
  const blank = !content.trim();
  const add = useMutation({
    mutationFn: (text: string) => createComment(postId, text),
    onSuccess: (comment) => {
      setContent('');
      queryClient.setQueryData<Comment[]>(queryKeys.posts.comments(postId), (list) =>
        list ? [...list.filter((item) => item.id !== comment.id), comment] : [comment],
      );
      updateCachedPost(queryClient, postId, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
    },
    onError: (error) => console.error('Could not post comment', error),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || add.isPending) return;
    add.mutate(content.trim());
  }

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} className="space-y-3">
      {add.isError ? <Alert>{commentErrorText(add.error)}</Alert> : null}
      <Label htmlFor={id} className="sr-only">
        Add a comment
      </Label>
      <Textarea
        id={id}
        rows={3}
        placeholder="Add a comment… Markdown supported"
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={submitOnCtrlEnter}
        className="min-h-20 bg-white"
      />
      <div className="flex items-center justify-between gap-3">
        <span className="hidden text-xs text-stone-500 sm:inline">Ctrl+Enter to send</span>
        <Button type="submit" className="ml-auto" disabled={blank} busy={add.isPending}>
          {add.isPending ? 'Posting...' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}

/** Report on a comment: opens the report dialog; a short note confirms it was sent. */
function ReportCommentButton({ commentId }: { commentId: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={sent ? 'Comment reported' : 'Report comment'}
        title={sent ? POST_TEXT.commentReported : 'Report comment'}
        disabled={sent}
        onClick={() => setOpen(true)}
        className="-mt-1 shrink-0 rounded-lg p-1.5 text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:text-brand-700"
      >
        <Flag className="size-4" aria-hidden="true" />
      </button>
      <ReportDialog
        subject="comment"
        id={commentId}
        open={open}
        onOpenChange={setOpen}
        onReported={() => setSent(true)}
      />
    </>
  );
}
