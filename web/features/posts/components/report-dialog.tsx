import { ReportReasonDialog } from '@web/components/report-reason-dialog';
import { useT } from '@web/i18n/i18n';
import { reportComment, reportPost } from '../api';

/** The message ids of each thing a member may report. */
const TEXT = {
  post: {
    title: 'posts.report.postTitle',
    placeholder: 'posts.report.postPlaceholder',
    submit: 'posts.report.postSubmit',
  },
  comment: {
    title: 'posts.report.commentTitle',
    placeholder: 'posts.report.commentPlaceholder',
    submit: 'posts.report.commentSubmit',
  },
} as const;

/**
 * Files a report on a post or a comment, with an optional reason. It reaches the admins and, in a
 * group, the group's Owners and Moderators; the author never learns who reported.
 */
export function ReportDialog({
  subject,
  id,
  ...dialog
}: {
  subject: 'post' | 'comment';
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const t = useT();
  const text = TEXT[subject];
  return (
    <ReportReasonDialog
      {...dialog}
      fieldId={`report-reason-${id}`}
      report={(reason) => (subject === 'post' ? reportPost : reportComment)(id, reason)}
      texts={{
        title: t(text.title),
        description: t('posts.report.description'),
        reason: t('posts.report.reason'),
        placeholder: t(text.placeholder),
        cancel: t('posts.report.cancel'),
        submit: t(text.submit),
        sending: t('posts.report.reporting'),
        failed: t('posts.report.failed'),
      }}
    />
  );
}
