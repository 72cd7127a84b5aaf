import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { serverErrorText } from '@web/lib/api-errors';
import { useT } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { unpublishPost } from './api';

/** Asks before taking a post's public address away (DELETE /api/public_posts/{id}); not closable meanwhile. */
export function UnpublishDialog({
  publicPostId,
  title,
  open,
  onOpenChange,
  onUnpublished,
}: {
  publicPostId: string;
  /** The post's title, to say which post. */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUnpublished?: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const unpublish = useMutation({
    mutationFn: () => unpublishPost(publicPostId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicPosts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.published.all });
      onOpenChange(false);
      onUnpublished?.();
    },
    onError: (error) => console.error(`Could not unpublish ${publicPostId}`, error),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) unpublish.reset();
        onOpenChange(next);
      }}
      dismissible={!unpublish.isPending}
      title={t('published.unpublish.title')}
      description={t('published.unpublish.description', { title })}
    >
      {unpublish.isError ? (
        <Alert className="mb-4">{serverErrorText(unpublish.error) ?? t('published.unpublish.failed')}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          size="lg"
          className="sm:h-10"
          onClick={() => onOpenChange(false)}
          disabled={unpublish.isPending}
        >
          {t('published.dialog.cancel')}
        </Button>
        <Button
          variant="danger"
          size="lg"
          className="sm:h-10"
          busy={unpublish.isPending}
          onClick={() => unpublish.mutate()}
        >
          {unpublish.isPending ? t('published.unpublish.busy') : t('published.unpublish.action')}
        </Button>
      </div>
    </Dialog>
  );
}
