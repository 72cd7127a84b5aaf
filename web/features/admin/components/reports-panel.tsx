import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Flag, RotateCcw, Trash2, X } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminReport, ReportedMessage, ReportStatus } from '@shared/api/reports';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { EmptyState } from '@web/components/empty-state';
import { Label, Textarea } from '@web/components/input';
import { Markdown } from '@web/components/markdown';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { adminKeys, removeReportedContent, reportsPaging, updateReportStatus } from '../api';
import { PagedListState } from '@web/components/paged-list-state';
import { Time } from '@web/components/time';

/** Each status's name, as a message id. */
const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'admin.reports.statusOpen',
  resolved: 'admin.reports.statusResolved',
  dismissed: 'admin.reports.statusDismissed',
};

/**
 * The statuses in filter order, from the labels (a Record, so the compiler keeps it complete). Not
 * imported from the contract: that module's value exports would bring zod into the browser bundle.
 */
const REPORT_STATUSES = Object.keys(STATUS_LABELS) as ReportStatus[];

/** The contract's REMOVAL_REASON_MAX, repeated for the same reason as the statuses above. */
const REMOVAL_REASON_MAX = 500;

/** What an empty list of each status says (message ids). */
const EMPTY: Record<ReportStatus, { title: string; description: string }> = {
  open: { title: 'admin.reports.emptyOpenTitle', description: 'admin.reports.emptyOpenDescription' },
  resolved: {
    title: 'admin.reports.emptyResolvedTitle',
    description: 'admin.reports.emptyResolvedDescription',
  },
  dismissed: {
    title: 'admin.reports.emptyDismissedTitle',
    description: 'admin.reports.emptyDismissedDescription',
  },
};

/** The words of each kind of reported content (message ids): its label, and its removal. */
const SUBJECT_TEXT = {
  post: {
    label: 'admin.reports.post',
    remove: 'admin.reports.removePost',
    removeTitle: 'admin.remove.postTitle',
    removeDescription: 'admin.remove.postDescription',
    reasonLabel: 'admin.remove.reasonLabel',
  },
  comment: {
    label: 'admin.reports.commentOn',
    remove: 'admin.reports.removeComment',
    removeTitle: 'admin.remove.commentTitle',
    removeDescription: 'admin.remove.commentDescription',
    reasonLabel: 'admin.remove.reasonLabel',
  },
  // A private message (ADR 060): its author is not told; the reason stays with the report.
  message: {
    label: 'admin.reports.message',
    remove: 'admin.reports.removeMessage',
    removeTitle: 'admin.remove.messageTitle',
    removeDescription: 'admin.remove.messageDescription',
    reasonLabel: 'admin.remove.reasonKeptLabel',
  },
} as const;

/**
 * Reported posts, comments and private messages by status; open ones can be dismissed or resolved,
 * closed ones reopened, and the content removed with a reason (told to a post's or comment's
 * author). A message is shown with only the message before and after it.
 */
export function ReportsPanel() {
  const t = useT();
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useInfiniteQuery({ queryKey: adminKeys.reports(status), ...reportsPaging(status) });

  return (
    <>
      <div role="group" aria-label={t('admin.reports.statusFilter')} className="mb-4 flex flex-wrap gap-2">
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
            {t(STATUS_LABELS[value])}
          </button>
        ))}
      </div>
      <PagedListState query={query} loadingLabel={t('admin.reports.loading')}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              icon={Flag}
              title={t(EMPTY[status].title)}
              description={t(EMPTY[status].description)}
            />
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
  const t = useT();
  const queryClient = useQueryClient();
  const [removeOpen, setRemoveOpen] = useState(false);
  const update = useMutation({
    mutationFn: (status: ReportStatus) => updateReportStatus(report.id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const busyWith = update.isPending ? update.variables : null;
  const isComment = report.subject === 'comment';
  const text = SUBJECT_TEXT[report.subject];
  const reported = isComment ? (report.comment_content ?? '') : report.post_content;
  const headingId = `report-${report.id}-title`;

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200/80 bg-white p-4 shadow-sm shadow-stone-900/5 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">{t(text.label)}</p>
          {report.subject === 'message' ? (
            <ReportedMessageBody report={report} headingId={headingId} />
          ) : (
            <>
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
              <p className="mt-0.5 text-sm text-stone-500">{byline(report, t)}</p>
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
            </>
          )}
        </div>
        {report.status !== 'open' ? (
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
            {t(report.content_removed ? 'admin.reports.removed' : STATUS_LABELS[report.status])}
          </span>
        ) : null}
      </div>

      <div className="mt-3 rounded-xl bg-stone-50 px-3.5 py-2.5 text-sm">
        <p className="text-stone-500">
          <Message
            id="admin.reports.reportedBy"
            values={{ username: report.reporter_username, time: <Time value={report.created_at} /> }}
            components={{
              link: (
                <Link
                  to={`/profiles/${encodeURIComponent(report.reporter_id)}`}
                  className="font-medium text-stone-800 hover:underline"
                />
              ),
            }}
          />
        </p>
        <p
          className={cn(
            'mt-1 break-words whitespace-pre-wrap',
            report.reason ? 'text-stone-800' : 'text-stone-500 italic',
          )}
        >
          {report.reason ?? t('admin.reports.noReason')}
        </p>
        {report.removal_reason ? (
          <p className="mt-2 break-words whitespace-pre-wrap text-stone-800">
            <Message
              id="admin.reports.removalReason"
              values={{ reason: report.removal_reason }}
              components={{ label: <span className="font-medium" /> }}
            />
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
                {t('admin.reports.dismiss')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                busy={busyWith === 'resolved'}
                disabled={update.isPending}
                onClick={() => update.mutate('resolved')}
              >
                {busyWith === 'resolved' ? null : <Check className="size-4" aria-hidden="true" />}
                {t('admin.reports.resolve')}
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" busy={update.isPending} onClick={() => update.mutate('open')}>
              {update.isPending ? null : <RotateCcw className="size-4" aria-hidden="true" />}
              {t('admin.reports.reopen')}
            </Button>
          )}
          <Button variant="danger" size="sm" disabled={update.isPending} onClick={() => setRemoveOpen(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t(text.remove)}
          </Button>
        </div>
      )}
      <RemoveContentDialog report={report} open={removeOpen} onOpenChange={setRemoveOpen} />
    </li>
  );
}

/**
 * A reported message: who wrote it, then it between the message before and the one after (the
 * server sends no more of the conversation), the reported one marked.
 */
function ReportedMessageBody({ report, headingId }: { report: AdminReport; headingId: string }) {
  const t = useT();
  const context = report.message_context ?? [];
  const reported = context.find((message) => message.reported);
  const author = reported?.sender_username ?? report.author_username;
  return (
    <>
      <h2 id={headingId} className="font-semibold break-words text-stone-900">
        {author
          ? t('admin.reports.messageFrom', { username: author })
          : t('admin.reports.messageFromDeletedMember')}
      </h2>
      {context.length > 0 ? (
        <ol
          aria-label={t('admin.reports.messageContext')}
          className="mt-2 space-y-2 rounded-xl border border-stone-100 p-2.5"
        >
          {context.map((message) => (
            <ContextMessage key={message.id} message={message} />
          ))}
        </ol>
      ) : null}
    </>
  );
}

function ContextMessage({ message }: { message: ReportedMessage }) {
  const t = useT();
  // On the reported message's red tint stone-500 falls under 4.5:1: its quiet text is a step darker.
  const muted = message.reported ? 'text-stone-600' : 'text-stone-500';
  return (
    <li
      className={cn(
        'rounded-lg px-3 py-2 text-sm',
        message.reported ? 'bg-red-50 ring-1 ring-red-200' : 'bg-stone-50 text-stone-600',
      )}
    >
      <p className={cn('flex flex-wrap items-baseline gap-x-2 text-xs', muted)}>
        <span className="font-medium text-stone-700">
          {message.sender_username ? `@${message.sender_username}` : t('admin.reports.deletedMember')}
        </span>
        <Time value={message.created_at} />
        {message.reported ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">
            {t('admin.reports.reportedMark')}
          </span>
        ) : null}
      </p>
      {message.deleted || !message.content ? (
        <p className={cn('mt-1 italic', muted)}>{t('admin.reports.messageDeleted')}</p>
      ) : (
        <Markdown className="mt-1" titleLevel={3}>
          {message.content}
        </Markdown>
      )}
    </li>
  );
}

/** "by @ada in Gardeners": who wrote the reported content and where, as far as it is known. */
function byline(report: AdminReport, t: ReturnType<typeof useT>): string | null {
  const username = report.author_username;
  const group = report.group_name;
  if (username && group) return t('admin.reports.byAuthorInGroup', { username, group });
  if (username) return t('admin.reports.byAuthor', { username });
  if (group) return t('admin.reports.inGroup', { group });
  return null;
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
  const t = useT();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const text = SUBJECT_TEXT[report.subject];
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
      title={t(text.removeTitle)}
      description={t(text.removeDescription)}
    >
      <form onSubmit={submit} className="space-y-4">
        {remove.isError && !reasonError ? <Alert>{errorMessage(remove.error)}</Alert> : null}
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>{t(text.reasonLabel)}</Label>
          <Textarea
            id={fieldId}
            rows={3}
            required
            maxLength={REMOVAL_REASON_MAX}
            aria-invalid={reasonError ? true : undefined}
            placeholder={t('admin.remove.reasonPlaceholder')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p className="text-xs text-stone-500">
            {reasonError ? (
              <span className="text-red-700">{t('admin.remove.reasonError', { error: reasonError })} </span>
            ) : null}
            {Array.from(reason).length}/{REMOVAL_REASON_MAX}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            {t('admin.remove.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending} disabled={!reason.trim()}>
            {t(remove.isPending ? 'admin.remove.busy' : 'admin.remove.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
