import { useState } from 'react';
import { Flag } from 'lucide-react';
import { onDemandDialog } from '@web/app/resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';
import { useT } from '@web/i18n/i18n';

/** The dialog (with Radix's) loads the first time it is wanted, not with every post's comments. */
const { Dialog: ReportDialog, openerProps } = onDemandDialog(
  exportOf(() => import('./report-dialog'), 'ReportDialog'),
);

/** Report on someone else's comment: files a report for its group's moderators or the admins. */
export function ReportCommentButton({ commentId }: { commentId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={sent ? t('posts.reportComment.reported') : t('posts.reportComment.label')}
        title={sent ? t('posts.reportComment.thanks') : t('posts.reportComment.label')}
        disabled={sent}
        onClick={() => setOpen(true)}
        {...openerProps}
        className="-mt-1 shrink-0 rounded-lg p-1.5 text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:text-brand-700"
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
