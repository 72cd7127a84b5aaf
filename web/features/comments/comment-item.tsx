import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal, Pencil, Reply, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { AvatarLink } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { MemberMarkdown } from '@web/components/markdown';
import { onDemandDialog, onDemandMenu } from '@web/app/resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';
import { useT } from '@web/i18n/i18n';
import { initialsOf } from '@web/lib/initials';
import type { BaseComment, ConversationAdapter } from './adapter';
import { CommentComposer } from './comment-composer';
import { removeCachedComment, replaceCachedComment } from './comments-cache';
import type { CommentOptionsProps } from './comment-options-dropdown';
import { EditedMark } from './edited-mark';
import { Time } from '@web/components/time';

// The menu and the dialogs come with Radix's code, in a chunk loaded when first wanted.
const options = () => import('./comment-options-dropdown');
const { Menu: CommentOptions } = onDemandMenu<CommentOptionsProps>(
  exportOf(options, 'CommentOptionsDropdown'),
);
const { Dialog: DeleteCommentDialog, openerProps: deleteOpener } = onDemandDialog(
  exportOf(options, 'DeleteCommentDialog'),
);
const { Dialog: CommentFailureDialog } = onDemandDialog(exportOf(options, 'CommentFailureDialog'));

const profilePath = (profileId: string) => `/profiles/${encodeURIComponent(profileId)}`;

const iconButton =
  'shrink-0 rounded-lg p-1.5 text-stone-400 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * One comment or reply: author, time (and "edited"), the Markdown text with its mentions linked (from
 * the server's HTML where the comment carries it, as a post's do: no parser needed), and the
 * actions the server allows: Reply for everyone, Edit (inline) for its author, Delete where allowed,
 * and what the subject adds (a link comment's like).
 */
export function CommentItem<F extends BaseComment>({
  comment,
  adapter,
  onReply,
}: {
  comment: F;
  adapter: ConversationAdapter<F>;
  onReply: (comment: F) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => adapter.remove(comment.id),
    onSuccess: () => {
      setConfirming(false);
      removeCachedComment(queryClient, adapter, comment);
    },
    onError: (error) => {
      console.error(`Could not delete comment ${comment.id}`, error);
      setConfirming(false);
      setFailure(adapter.deleteErrorText(error));
    },
  });
  const edit = useMutation({
    mutationFn: (content: string) => adapter.update(comment.id, content),
    onSuccess: (updated) => {
      replaceCachedComment(queryClient, adapter, updated);
      setEditing(false);
    },
    onError: (error) => console.error(`Could not edit comment ${comment.id}`, error),
  });

  const profile = profilePath(comment.profile_id);
  return (
    <article className="flex gap-3" aria-label={t('comments.item.label', { name: comment.name })}>
      <AvatarLink
        to={profile}
        src={comment.avatar}
        initials={initialsOf(comment.name)}
        size="sm"
        className="mt-0.5"
      />
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
              <Time value={comment.created_at} />
              {comment.edited_at ? (
                <>
                  {' · '}
                  <EditedMark editedAt={comment.edited_at} />
                </>
              ) : null}
            </p>
          </div>
          {adapter.renderHeaderActions?.(comment)}
          {adapter.actions === 'menu' ? (
            <CommentMenu
              canEdit={comment.can_edit && !editing}
              canDelete={comment.can_delete}
              onEdit={() => setEditing(true)}
              onDelete={() => setConfirming(true)}
            />
          ) : (
            <>
              {comment.can_edit && !editing ? (
                <button
                  type="button"
                  aria-label={t('comments.item.edit')}
                  title={t('comments.item.edit')}
                  onClick={() => setEditing(true)}
                  className={`${iconButton} -mt-1 hover:bg-stone-100 hover:text-stone-700`}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </button>
              ) : null}
              {comment.can_delete ? (
                <button
                  type="button"
                  aria-label={t('comments.item.delete')}
                  title={t('comments.item.delete')}
                  onClick={() => setConfirming(true)}
                  {...deleteOpener}
                  className={`${iconButton} -mt-1 -me-1.5 hover:bg-red-50 hover:text-red-700`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              ) : null}
            </>
          )}
        </div>
        {editing ? (
          <div className="mt-2">
            <CommentComposer
              label={t('comments.item.edit')}
              initialText={comment.content}
              submitLabel={t('comments.item.save')}
              busyLabel={t('comments.item.saving')}
              busy={edit.isPending}
              error={edit.isError ? adapter.errorText(edit.error) : null}
              groupId={adapter.groupId}
              autoFocus
              draftPlace={`comment:edit:${comment.id}`}
              onSubmit={async (text) => Boolean(await edit.mutateAsync(text).catch(() => null))}
              onCancel={() => {
                edit.reset();
                setEditing(false);
              }}
            />
          </div>
        ) : (
          <>
            <MemberMarkdown
              html={comment.content_html}
              className="mt-1 text-[15px]"
              mentions={comment.mentions}
              titleLevel={2}
            >
              {comment.content}
            </MemberMarkdown>
            <div className="mt-1 flex flex-wrap items-center gap-1">
              <Button
                variant="link"
                size="sm"
                className="text-xs text-stone-600"
                onClick={() => onReply(comment)}
              >
                <Reply className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
                {t('comments.item.reply')}
              </Button>
              {adapter.renderExtras?.(comment)}
            </div>
          </>
        )}
      </div>

      <DeleteCommentDialog
        open={confirming}
        onOpenChange={(open) => (remove.isPending ? undefined : setConfirming(open))}
        deleting={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      <CommentFailureDialog
        open={failure !== null}
        failure={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </article>
  );
}

/** The link page's owner menu (spec section 9): Edit and Delete behind "Comment options". */
function CommentMenu(props: CommentOptionsProps) {
  const t = useT();
  if (!props.canEdit && !props.canDelete) return null;
  return (
    <CommentOptions
      {...props}
      trigger={
        <button
          type="button"
          aria-label={t('comments.menu.label')}
          className={`${iconButton} -mt-1 -me-1.5 hover:bg-stone-100 hover:text-stone-700 data-[state=open]:bg-stone-100`}
        >
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </button>
      }
    />
  );
}
