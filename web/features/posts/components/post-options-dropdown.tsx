import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EyeOff, Flag, Globe, GlobeLock, Link2, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Post } from '@shared/api/posts';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import type { MenuOnDemandProps } from '@web/app/resilience/on-demand';
import { Dialog } from '@web/components/dialog';
import { MenuItem, MenuSeparator, OnDemandDropdown } from '@web/components/menu';
import { PUBLISH_TEXT, PublishDialog, UnpublishDialog } from '@web/features/published';
import { errorMessage, serverErrorText } from '@web/lib/api-errors';
import { copyToClipboard } from '@web/lib/clipboard';
import { useT } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { deletePost, ignorePost, setPostPinned, unignorePost } from '../api';
import { removeCachedPost, updateCachedPost } from '../post-cache';
import { editPostPath, type PostOptionsMenuProps } from './post-options-menu';
import { ReportDialog } from './report-dialog';

/**
 * The post's "…" menu itself, with the dialogs its entries open; loaded when it is first opened
 * (./post-options-menu.tsx).
 */
export function PostOptionsDropdown({
  post,
  notify,
  onRemoved,
  ...menu
}: PostOptionsMenuProps & MenuOnDemandProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT();
  const [reportOpen, setReportOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  const [unpublishOpen, setUnpublishOpen] = useState(false);
  const setPublished = (published: Post['published']) =>
    updateCachedPost(queryClient, post.id, (cached) => ({ ...cached, published }));

  async function copyPublicLink(url: string) {
    try {
      await copyToClipboard(url);
      notify(PUBLISH_TEXT.linkCopied);
    } catch (error) {
      console.error('Copy failed', error);
      notify(PUBLISH_TEXT.copyFailed, 'error');
    }
  }

  const ignore = useMutation({
    mutationFn: () => ignorePost(post.id),
    onSuccess: () => {
      removeCachedPost(queryClient, post.id);
      notify(t('posts.options.ignored'), 'success', {
        label: t('posts.options.undo'),
        onClick: () => unignore.mutate(),
      });
      onRemoved?.();
    },
    onError: (error) => {
      console.error(`Could not ignore post ${post.id}`, error);
      notify(t('posts.options.ignoreFailed'), 'error');
    },
  });

  const pin = useMutation({
    mutationFn: (pinned: boolean) => setPostPinned(post.group_id!, post.id, pinned),
    onSuccess: (answer) => {
      updateCachedPost(queryClient, post.id, (cached) => ({ ...cached, pinned: answer.pinned }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.pins(post.group_id!) });
      notify(answer.pinned ? t('posts.options.pinnedDone') : t('posts.options.unpinnedDone'));
    },
    onError: (error, pinned) => {
      console.error(`Could not ${pinned ? 'pin' : 'unpin'} post ${post.id}`, error);
      // The server's own words say why (the group's three pins are taken).
      notify(
        serverErrorText(error) ?? (pinned ? t('posts.options.pinFailed') : t('posts.options.unpinFailed')),
        'error',
      );
    },
  });

  const unignore = useMutation({
    mutationFn: () => unignorePost(post.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      notify(t('posts.options.unignored'));
    },
    onError: (error) => {
      console.error(`Could not show post ${post.id} again`, error);
      notify(t('posts.options.unignoreFailed'), 'error');
    },
  });

  return (
    <>
      <OnDemandDropdown {...menu} modal={false} className="min-w-48">
        {post.can_edit ? (
          <MenuItem onSelect={() => navigate(editPostPath(post.id))}>
            <Pencil className="size-4 text-stone-500" aria-hidden="true" />
            {t('posts.options.edit')}
          </MenuItem>
        ) : null}
        {post.can_publish && post.published ? (
          <>
            <MenuItem onSelect={() => void copyPublicLink(post.published!.public_url)}>
              <Link2 className="size-4 text-stone-500" aria-hidden="true" />
              {PUBLISH_TEXT.copyLink}
            </MenuItem>
            <MenuItem onSelect={() => setUnpublishOpen(true)}>
              <GlobeLock className="size-4 text-stone-500" aria-hidden="true" />
              {PUBLISH_TEXT.unpublish}
            </MenuItem>
            <MenuSeparator />
          </>
        ) : post.can_publish ? (
          <>
            <MenuItem onSelect={() => setPublishOpen(true)}>
              <Globe className="size-4 text-stone-500" aria-hidden="true" />
              {PUBLISH_TEXT.publish}
            </MenuItem>
            <MenuSeparator />
          </>
        ) : null}
        {post.can_pin && post.group_id ? (
          <>
            <MenuItem disabled={pin.isPending} onSelect={() => pin.mutate(!post.pinned)}>
              {post.pinned ? (
                <PinOff className="size-4 text-stone-500" aria-hidden="true" />
              ) : (
                <Pin className="size-4 text-stone-500" aria-hidden="true" />
              )}
              {post.pinned ? t('posts.options.unpin') : t('posts.options.pin')}
            </MenuItem>
            <MenuSeparator />
          </>
        ) : null}
        {post.is_owner ? null : (
          <>
            <MenuItem onSelect={() => setReportOpen(true)}>
              <Flag className="size-4 text-stone-500" aria-hidden="true" />
              {t('posts.options.report')}
            </MenuItem>
            <MenuItem disabled={ignore.isPending} onSelect={() => ignore.mutate()}>
              <EyeOff className="size-4 text-stone-500" aria-hidden="true" />
              {t('posts.options.ignore')}
            </MenuItem>
          </>
        )}
        {post.can_delete ? (
          <>
            {post.is_owner && !post.can_publish ? null : <MenuSeparator />}
            <MenuItem
              onSelect={() => setDeleteOpen(true)}
              className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('posts.options.delete')}
            </MenuItem>
          </>
        ) : null}
      </OnDemandDropdown>

      {post.can_publish ? (
        <PublishDialog
          post={post}
          open={publishOpen}
          onOpenChange={setPublishOpen}
          onPublished={({ id, slug, public_url }) => setPublished({ id, slug, public_url })}
        />
      ) : null}
      {post.can_publish && post.published ? (
        <UnpublishDialog
          publicPostId={post.published.id}
          title={post.tldr}
          open={unpublishOpen}
          onOpenChange={setUnpublishOpen}
          onUnpublished={() => {
            setPublished(null);
            notify(PUBLISH_TEXT.unpublished);
          }}
        />
      ) : null}
      {post.is_owner ? null : (
        <ReportDialog
          subject="post"
          id={post.id}
          open={reportOpen}
          onOpenChange={setReportOpen}
          onReported={() => notify(t('posts.options.reported'))}
        />
      )}
      {post.can_delete ? (
        <DeletePostDialog
          post={post}
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          onDeleted={() => {
            removeCachedPost(queryClient, post.id);
            queryClient.removeQueries({ queryKey: queryKeys.posts.detail(post.id) });
            notify(t('posts.options.deleted'));
            onRemoved?.();
          }}
        />
      ) : null}
    </>
  );
}

function DeletePostDialog({
  post,
  open,
  onOpenChange,
  onDeleted,
}: {
  post: Pick<Post, 'id' | 'tldr'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: () => {
      onOpenChange(false);
      onDeleted();
    },
  });
  const failure = remove.isError
    ? (serverErrorText(remove.error) ?? errorMessage(remove.error) ?? t('posts.deleteDialog.failed'))
    : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      dismissible={!remove.isPending}
      title={t('posts.deleteDialog.title')}
      description={t('posts.deleteDialog.description', { title: post.tldr })}
    >
      {failure ? <Alert className="mb-4">{failure}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
          {t('posts.deleteDialog.cancel')}
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? t('posts.deleteDialog.deleting') : t('posts.deleteDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
