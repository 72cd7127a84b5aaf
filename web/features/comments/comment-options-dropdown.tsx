import { Pencil, Trash2 } from 'lucide-react';
import type { MenuOnDemandProps } from '@web/app/resilience/on-demand';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { MenuItem, OnDemandDropdown } from '@web/components/menu';
import { useT } from '@web/i18n/i18n';

export interface CommentOptionsProps {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * The "Comment options" menu itself (Edit, Delete), loaded when it is first opened
 * (./comment-item.tsx): a post's page with comments does not load Radix's menu for them.
 */
export function CommentOptionsDropdown({
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  ...menu
}: CommentOptionsProps & MenuOnDemandProps) {
  const t = useT();
  return (
    <OnDemandDropdown {...menu} className="min-w-44">
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
    </OnDemandDropdown>
  );
}

/** Asks before a comment is deleted; loaded the first time it opens (./comment-item.tsx). */
export function DeleteCommentDialog({
  open,
  onOpenChange,
  deleting,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deleting: boolean;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dismissible={!deleting}
      title={t('comments.deleteDialog.title')}
      description={t('comments.deleteDialog.description')}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={deleting}>
          {t('comments.deleteDialog.cancel')}
        </Button>
        <Button variant="danger" busy={deleting} onClick={onConfirm}>
          {deleting ? t('comments.deleteDialog.deleting') : t('comments.item.delete')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Says why a comment could not be deleted; loaded the first time it opens (./comment-item.tsx). */
export function CommentFailureDialog({
  open,
  failure,
  onClose,
}: {
  open: boolean;
  failure: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('comments.failure.title')}
    >
      <p className="text-sm text-stone-700">{failure}</p>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>{t('comments.failure.ok')}</Button>
      </div>
    </Dialog>
  );
}
