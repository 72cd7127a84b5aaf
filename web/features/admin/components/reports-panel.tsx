import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Flag, RotateCcw, Trash2, X } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminReport, ReportStatus } from '@shared/api/reports';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { EmptyState } from '@web/components/empty-state';
import { Label, Textarea } from '@web/components/input';
import { Markdown } from '@web/components/markdown';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { adminKeys, removeReportedContent, reportsPaging, updateReportStatus } from '../api';
import { PagedListState } from '@web/components/paged-list-state';
import { Time } from '@web/components/time';

const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/**
 * The statuses in filter order, from the labels (a Record, so the compiler keeps it complete). Not
 * imported from the contract: that module's value exports would bring zod into the browser bundle.
 */
const REPORT_STATUSES = Object.keys(STATUS_LABELS) as ReportStatus[];

/** The contract's REMOVAL_REASON_MAX, repeated for the same reason as the statuses above. */
const REMOVAL_REASON_MAX = 500;

const EMPTY: Record<ReportStatus, { title: string; description: string }> = {
  open: {
    title: 'No open reports',
    description: 'All clear. When a member reports a post or a comment, it shows up here.',
  },
  resolved: { title: 'No resolved reports', description: 'Reports you resolve are kept here.' },
  dismissed: { title: 'No dismissed reports', description: 'Reports you dismiss are kept here.' },
};

/**
 * Reported posts and comments by status; open ones can be dismissed or resolved, closed ones
 * reopened, and the content removed with a reason its author is told.
 */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useInfiniteQuery({ queryKey: adminKeys.reports(status), ...reportsPaging(status) });

  return (
    <>
      <div role="group" aria-label="Report status" className="mb-4 flex flex-wrap gap-2">
        {REPORT_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-none',
              'focus-visible:ring-2 focus-visible:ring-brand-500',
              status === value
                ? 'border-brand-200 bg-brand-50 text-brand-800'
                : 'border-stone-200 bg-white text-stone-600 hover:border-stone-300 hover:text-stone-900',
            )}
          >
            {STATUS_LABELS[value]}
          </button>
        ))}
      </div>
      <PagedListState query={query} loadingLabel="Loading reports…">
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon={Flag} title={EMPTY[status].title} description={EMPTY[status].description} />
          ) : (
            <ul className="space-y-3">
              {items.map((report) => (
                <ReportItem key={report.id} report={report} />
              ))}
            </ul>
          )
        }
      </PagedListState>
    </>
  );
}

function ReportItem({ report }: { report: AdminReport }) {
  const queryClient = useQueryClient();
  const [removeOpen, setRemoveOpen] = useState(false);
  const update = useMutation({
    mutationFn: (status: ReportStatus) => updateReportStatus(report.id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const busyWith = update.isPending ? update.variables : null;
  const isComment = report.subject === 'comment';
  const reported = isComment ? (report.comment_content ?? '') : report.post_content;
  const headingId = `report-${report.id}-title`;

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200/80 bg-white p-4 shadow-sm shadow-stone-900/5 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">
            {isComment ? 'Comment on' : 'Post'}
          </p>
          <h2 id={headingId} className="font-semibold break-words text-stone-900">
            {report.post_id && !report.content_removed ? (
              <Link
                to={`/post/${encodeURIComponent(report.post_id)}`}
                className="hover:text-brand-800 hover:underline"
              >
                {report.post_tldr}
              </Link>
            ) : (
              report.post_tldr
            )}
          </h2>
          <p className="mt-0.5 text-sm text-stone-500">
            {report.author_username ? <>by @{report.author_username}</> : null}
            {report.group_name ? <> in {report.group_name}</> : null}
          </p>
          {reported ? (
            <div
              className={cn(
                'mt-2 max-h-64 overflow-y-auto rounded-xl border border-stone-100 px-3.5 py-2.5',
                report.content_removed && 'opacity-70',
              )}
            >
              <Markdown titleLevel={2}>{reported}</Markdown>
            </div>
          ) : null}
        </div>
        {report.status !== 'open' ? (
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
            {report.content_removed ? 'Removed' : STATUS_LABELS[report.status]}
          </span>
        ) : null}
      </div>

      <div className="mt-3 rounded-xl bg-stone-50 px-3.5 py-2.5 text-sm">
        <p className="text-stone-500">
          Reported by{' '}
          <Link
            to={`/profiles/${encodeURIComponent(report.reporter_id)}`}
            className="font-medium text-stone-800 hover:underline"
          >
            @{report.reporter_username}
          </Link>{' '}
          · <Time value={report.created_at} />
        </p>
        <p
          className={cn(
            'mt-1 break-words whitespace-pre-wrap',
            report.reason ? 'text-stone-800' : 'text-stone-500 italic',
          )}
        >
          {report.reason ?? 'No reason given'}
        </p>
        {report.removal_reason ? (
          <p className="mt-2 break-words whitespace-pre-wrap text-stone-800">
            <span className="font-medium">Removed:</span> {report.removal_reason}
          </p>
        ) : null}
      </div>

      {update.isError ? <Alert className="mt-3">{errorMessage(update.error)}</Alert> : null}

      {report.content_removed ? null : (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {report.status === 'open' ? (
            <>
              <Button
                variant="ghost"
                size="sm"
                busy={busyWith === 'dismissed'}
                disabled={update.isPending}
                onClick={() => update.mutate('dismissed')}
              >
                {busyWith === 'dismissed' ? null : <X className="size-4" aria-hidden="true" />}
                Dismiss
              </Button>
              <Button
                variant="outline"
                size="sm"
                busy={busyWith === 'resolved'}
                disabled={update.isPending}
                onClick={() => update.mutate('resolved')}
              >
                {busyWith === 'resolved' ? null : <Check className="size-4" aria-hidden="true" />}
                Resolve
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" busy={update.isPending} onClick={() => update.mutate('open')}>
              {update.isPending ? null : <RotateCcw className="size-4" aria-hidden="true" />}
              Reopen
            </Button>
          )}
          <Button variant="danger" size="sm" disabled={update.isPending} onClick={() => setRemoveOpen(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {isComment ? 'Remove comment' : 'Remove post'}
          </Button>
        </div>
      )}
      <RemoveContentDialog report={report} open={removeOpen} onOpenChange={setRemoveOpen} />
    </li>
  );
}

/** Asks for the reason the author will read, then removes the post or comment. */
function RemoveContentDialog({
  report,
  open,
  onOpenChange,
}: {
  report: AdminReport;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const isComment = report.subject === 'comment';
  const remove = useMutation({
    mutationFn: () => removeReportedContent(report.id, reason.trim()),
    onSuccess: () => {
      onOpenChange(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const fieldId = `removal-reason-${report.id}`;
  const reasonError = fieldErrorsOf(remove.error).reason?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) return;
    if (!remove.isPending) remove.mutate();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      dismissible={!remove.isPending}
      title={isComment ? 'Remove this comment?' : 'Remove this post?'}
      description={
        isComment
          ? 'The comment is deleted for everyone. Its author is told it was removed and why.'
          : 'The post and its comments are deleted for everyone. Its author is told it was removed and why.'
      }
    >
      <form onSubmit={submit} className="space-y-4">
        {remove.isError && !reasonError ? <Alert>{errorMessage(remove.error)}</Alert> : null}
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>Reason (shown to the author)</Label>
          <Textarea
            id={fieldId}
            rows={3}
            required
            maxLength={REMOVAL_REASON_MAX}
            aria-invalid={reasonError ? true : undefined}
            placeholder="e.g. Advertising isn't allowed in this group."
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p className="text-xs text-stone-500">
            {reasonError ? <span className="text-red-700">Reason {reasonError}. </span> : null}
            {Array.from(reason).length}/{REMOVAL_REASON_MAX}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending} disabled={!reason.trim()}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
