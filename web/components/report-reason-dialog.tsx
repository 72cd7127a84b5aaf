import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { serverErrorText } from '@web/lib/api-errors';

const REASON_MAX = 1000;

/** The words of one kind of report, already in the member's language. */
export interface ReportTexts {
  title: string;
  description: string;
  reason: string;
  placeholder: string;
  cancel: string;
  submit: string;
  /** The submit button's words while the report is being sent; absent: its usual words. */
  sending?: string;
  /** Shown when the server gave no message of its own. */
  failed: string;
}

/**
 * The one report form (a post, a comment, a message): an optional reason, sent by `report`; closing
 * it forgets a failure, and a report that went through closes it and empties the reason.
 */
export function ReportReasonDialog({
  fieldId,
  texts,
  report: send,
  open,
  onOpenChange,
  onReported,
}: {
  fieldId: string;
  texts: ReportTexts;
  report: (reason: string | null) => Promise<unknown>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: () => send(reason.trim() || null),
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

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      dismissible={!report.isPending}
      title={texts.title}
      description={texts.description}
    >
      <form onSubmit={submit} className="space-y-4">
        {report.isError ? <Alert>{serverErrorText(report.error) ?? texts.failed}</Alert> : null}
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>{texts.reason}</Label>
          <Textarea
            id={fieldId}
            rows={3}
            maxLength={REASON_MAX}
            placeholder={texts.placeholder}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => changeOpen(false)} disabled={report.isPending}>
            {texts.cancel}
          </Button>
          <Button type="submit" variant="danger" busy={report.isPending}>
            {report.isPending && texts.sending ? texts.sending : texts.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
