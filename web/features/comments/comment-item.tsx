import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal, Pencil, Reply, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { AvatarLink } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { MemberMarkdown } from '@web/components/markdown';
import { MenuContent, MenuItem } from '@web/components/menu';
import { useT } from '@web/i18n/i18n';
import { initialsOf } from '@web/lib/initials';
import type { BaseComment, ConversationAdapter } from './adapter';
import { CommentComposer } from './comment-composer';
import { removeCachedComment, replaceCachedComment } from './comments-cache';
import { EditedMark } from './edited-mark';
import { Time } from '@web/components/time';

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

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        dismissible={!remove.isPending}
        title={t('comments.deleteDialog.title')}
        description={t('comments.deleteDialog.description')}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('comments.deleteDialog.cancel')}
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? t('comments.deleteDialog.deleting') : t('comments.item.delete')}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={failure !== null}
        onOpenChange={(open) => (open ? undefined : setFailure(null))}
        title={t('comments.failure.title')}
      >
        <p className="text-sm text-stone-700">{failure}</p>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setFailure(null)}>{t('comments.failure.ok')}</Button>
        </div>
      </Dialog>
    </article>
  );
}

/** The link page's owner menu (spec section 9): Edit and Delete behind "Comment options". */
function CommentMenu({
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  if (!canEdit && !canDelete) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('comments.menu.label')}
        className={`${iconButton} -mt-1 -me-1.5 hover:bg-stone-100 hover:text-stone-700`}
      >
        <MoreHorizontal className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <MenuContent className="min-w-44">
        {canEdit ? (
          <MenuItem onSelect={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
            {t('comments.item.edit')}
          </MenuItem>
        ) : null}
        {canDelete ? (
          <MenuItem className="text-red-700" onSelect={onDelete}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('comments.item.delete')}
          </MenuItem>
        ) : null}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
