import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Flag, RotateCcw, X } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminReport, ReportStatus } from '@shared/api/reports';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { adminKeys, reportsPaging, updateReportStatus } from '../api';
import { PagedListState } from './paged-list-state';

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

const EMPTY: Record<ReportStatus, { title: string; description: string }> = {
  open: {
    title: 'No open reports',
    description: 'All clear. When a member reports a post, it shows up here.',
  },
  resolved: { title: 'No resolved reports', description: 'Reports you resolve are kept here.' },
  dismissed: { title: 'No dismissed reports', description: 'Reports you dismiss are kept here.' },
};

/** Reported posts by status; open ones can be resolved or dismissed, closed ones reopened. */
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
  const update = useMutation({
    mutationFn: (status: ReportStatus) => updateReportStatus(report.id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const busyWith = update.isPending ? update.variables : null;

  return (
    <li className="rounded-2xl border border-stone-200/80 bg-white p-4 shadow-sm shadow-stone-900/5 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <Link
            to={`/post/${encodeURIComponent(report.post_id)}`}
            className="font-semibold break-words text-stone-900 hover:text-brand-800 hover:underline"
          >
            {report.post_tldr}
          </Link>
          <p className="mt-0.5 text-sm text-stone-500">
            by @{report.post_author_username}
            {report.group_name ? <> in {report.group_name}</> : null}
          </p>
          {report.post_content ? (
            <p className="mt-2 line-clamp-4 text-sm break-words whitespace-pre-wrap text-stone-700">
              {report.post_content}
            </p>
          ) : null}
        </div>
        {report.status !== 'open' ? (
          <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
            {STATUS_LABELS[report.status]}
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
          · <time dateTime={report.created_at}>{report.created_at_human}</time>
        </p>
        <p
          className={cn(
            'mt-1 break-words whitespace-pre-wrap',
            report.reason ? 'text-stone-800' : 'text-stone-500 italic',
          )}
        >
          {report.reason ?? 'No reason given'}
        </p>
      </div>

      {update.isError ? <Alert className="mt-3">{errorMessage(update.error)}</Alert> : null}

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
      </div>
    </li>
  );
}
