import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { reportMessage } from '../api';

const REASON_MAX = 1000;

/**
 * Reports a message, with an optional reason. The reviewing admin sees that message and the one
 * before and after it, nothing else of the conversation; the author never learns who reported.
 * Loaded on demand.
 */
export function ReportMessageDialog({
  messageId,
  open,
  onOpenChange,
  onReported,
}: {
  messageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: () => reportMessage(messageId, reason.trim() || null),
    onSuccess: () => {
      onOpenChange(false);
      setReason('');
      onReported();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!report.isPending) report.mutate();
  }

  function changeOpen(next: boolean) {
    if (!next) report.reset();
    onOpenChange(next);
  }

  const fieldId = `report-message-${messageId}`;
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      dismissible={!report.isPending}
      title={t('conversations.report.title')}
      description={t('conversations.report.description')}
    >
      <form onSubmit={submit} className="space-y-4">
        {report.isError ? (
          <Alert>{serverErrorText(report.error) ?? t('conversations.report.failed')}</Alert>
        ) : null}
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>{t('conversations.report.reason')}</Label>
          <Textarea
            id={fieldId}
            rows={3}
            maxLength={REASON_MAX}
            placeholder={t('conversations.report.placeholder')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={report.isPending}>
            {t('conversations.report.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={report.isPending}>
            {t('conversations.report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
