import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { serverErrorText } from '@web/lib/api-errors';
import { reportComment, reportPost } from '../api';
import { POST_TEXT } from '../messages';

const REASON_MAX = 1000;

const TEXT = {
  post: {
    title: 'Report this post',
    placeholder: "What's the problem with this post?",
    submit: 'Report post',
  },
  comment: {
    title: 'Report this comment',
    placeholder: "What's the problem with this comment?",
    submit: 'Report comment',
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
      title={text.title}
      description="Let the people who look after this community know what's wrong. The author won't see who reported it."
    >
      <form onSubmit={submit} className="space-y-4">
        {report.isError ? <Alert>{serverErrorText(report.error) ?? POST_TEXT.reportFailed}</Alert> : null}
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>Reason (optional)</Label>
          <Textarea
            id={fieldId}
            rows={3}
            maxLength={REASON_MAX}
            placeholder={text.placeholder}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={report.isPending}>
            {report.isPending ? 'Reporting...' : text.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
