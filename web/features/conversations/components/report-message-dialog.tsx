import { ReportReasonDialog } from '@web/components/report-reason-dialog';
import { useT } from '@web/i18n/i18n';
import { reportMessage } from '../api';

/**
 * Reports a message, with an optional reason. The reviewing admin sees that message and the one
 * before and after it, nothing else of the conversation; the author never learns who reported.
 * Loaded on demand.
 */
export function ReportMessageDialog({
  messageId,
  ...dialog
}: {
  messageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const t = useT();
  return (
    <ReportReasonDialog
      {...dialog}
      fieldId={`report-message-${messageId}`}
      report={(reason) => reportMessage(messageId, reason)}
      texts={{
        title: t('conversations.report.title'),
        description: t('conversations.report.description'),
        reason: t('conversations.report.reason'),
        placeholder: t('conversations.report.placeholder'),
        cancel: t('conversations.report.cancel'),
        submit: t('conversations.report.submit'),
        failed: t('conversations.report.failed'),
      }}
    />
  );
}
