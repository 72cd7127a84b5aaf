import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Reply, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { CommentFields } from '@shared/api/comments';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Markdown } from '@web/components/markdown';
import { serverErrorText } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { deleteComment, updateComment } from '../api';
import { POST_TEXT } from '../messages';
import { CommentComposer } from './comment-composer';
import { commentErrorText } from './comment-errors';
import { removeCachedComment, replaceCachedComment } from './comments-cache';
import { ReportCommentButton } from './report-comment-button';
import { EditedMark } from './edited-mark';
import { profilePath } from './post-header';

/** The message of a failed delete: the server's, else the error's, else 'Failed to delete comment'. */
export function commentDeleteErrorText(error: unknown): string {
  return (
    serverErrorText(error) ??
    (error instanceof Error && error.message ? error.message : POST_TEXT.commentDeleteFailed)
  );
}

const iconButton =
  'shrink-0 rounded-lg p-1.5 text-stone-400 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * One comment or reply: author, time (and "edited"), the Markdown text with its mentions linked, and
 * the actions the server allows: Reply for everyone, Edit (inline) for its author, Delete where allowed.
 */
export function CommentItem({
  comment,
  postId,
  groupId,
  onReply,
}: {
  comment: CommentFields;
  postId: string;
  groupId: string | null;
  onReply: (comment: CommentFields) => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteComment(comment.id),
    onSuccess: () => {
      setConfirming(false);
      removeCachedComment(queryClient, postId, comment);
    },
    onError: (error) => {
      console.error(`Could not delete comment ${comment.id}`, error);
      setConfirming(false);
      setFailure(commentDeleteErrorText(error));
    },
  });
  const edit = useMutation({
    mutationFn: (content: string) => updateComment(comment.id, content),
    onSuccess: (updated) => {
      replaceCachedComment(queryClient, postId, updated);
      setEditing(false);
    },
    onError: (error) => console.error(`Could not edit comment ${comment.id}`, error),
  });

  const profile = profilePath(comment.profile_id);
  return (
    <article className="flex gap-3" aria-label={`Comment by ${comment.name}`}>
      <Link to={profile} className="shrink-0 rounded-full" aria-label={`${comment.name}'s profile`}>
        <Avatar src={comment.avatar} initials={initialsOf(comment.name)} size="sm" className="mt-0.5" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-1">
          <div className="min-w-0 flex-1 leading-snug">
            <p className="truncate text-sm">
              <Link to={profile} className="font-semibold text-stone-900 hover:underline">
                {comment.name}
              </Link>{' '}
              <span className="text-stone-500">@{comment.username}</span>
            </p>
            <p className="text-xs text-stone-500">
              <time dateTime={comment.created_at} title={comment.time_ago}>
                {comment.created_at_human}
              </time>
              {comment.edited_at ? (
                <>
                  {' · '}
                  <EditedMark editedAt={comment.edited_at} />
                </>
              ) : null}
            </p>
          </div>
          {comment.can_edit && !editing ? (
            <button
              type="button"
              aria-label="Edit comment"
              title="Edit comment"
              onClick={() => setEditing(true)}
              className={`${iconButton} -mt-1 hover:bg-stone-100 hover:text-stone-700`}
            >
              <Pencil className="size-4" aria-hidden="true" />
            </button>
          ) : null}
          {comment.is_owner ? null : <ReportCommentButton commentId={comment.id} />}
          {comment.can_delete ? (
            <button
              type="button"
              aria-label="Delete comment"
              title="Delete comment"
              onClick={() => setConfirming(true)}
              className={`${iconButton} -mt-1 -mr-1.5 hover:bg-red-50 hover:text-red-700`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {editing ? (
          <div className="mt-2">
            <CommentComposer
              label="Edit comment"
              initialText={comment.content}
              submitLabel="Save"
              busyLabel="Saving..."
              busy={edit.isPending}
              error={edit.isError ? commentErrorText(edit.error) : null}
              groupId={groupId}
              autoFocus
              onSubmit={async (text) => {
                await edit.mutateAsync(text).catch(() => undefined);
                return false;
              }}
              onCancel={() => {
                edit.reset();
                setEditing(false);
              }}
            />
          </div>
        ) : (
          <>
            <Markdown className="mt-1 text-[15px]" mentions={comment.mentions}>
              {comment.content}
            </Markdown>
            <Button
              variant="link"
              size="sm"
              className="mt-1 text-xs text-stone-600"
              onClick={() => onReply(comment)}
            >
              <Reply className="size-3.5" aria-hidden="true" />
              Reply
            </Button>
          </>
        )}
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
    </article>
  );
}
