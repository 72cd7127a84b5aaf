import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { reportComment, reportPost } from '../api';

const REASON_MAX = 1000;

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
  open,
  onOpenChange,
  onReported,
}: {
  subject: 'post' | 'comment';
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const text = TEXT[subject];
  const report = useMutation({
    mutationFn: () => (subject === 'post' ? reportPost : reportComment)(id, reason.trim() || null),
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

  const fieldId = `report-reason-${id}`;
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      dismissible={!report.isPending}
      title={t(text.title)}
      description={t('posts.report.description')}
    >
      <form onSubmit={submit} className="space-y-4">
        {report.isError ? <Alert>{serverErrorText(report.error) ?? t('posts.report.failed')}</Alert> : null}
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>{t('posts.report.reason')}</Label>
          <Textarea
            id={fieldId}
            rows={3}
            maxLength={REASON_MAX}
            placeholder={t(text.placeholder)}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={report.isPending}>
            {t('posts.report.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={report.isPending}>
            {report.isPending ? t('posts.report.reporting') : t(text.submit)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
