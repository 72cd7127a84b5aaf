import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, RotateCw, ShieldAlert, ShieldQuestion } from 'lucide-react';
import type { Link } from '@shared/api/links';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-errors';
import { retryLink } from '../api';
import { isReading, updateCachedLink } from '../link-cache';
import { LINK_TEXT } from '../messages';

/** "reading…" while Hearth fetches and summarises the link; it fills in by itself (live updates). */
export function ReadingIndicator({ link }: { link: Pick<Link, 'status'> }) {
  if (!isReading(link)) return null;
  return (
    <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-brand-800">
      <Spinner className="size-4" />
      {LINK_TEXT.reading}
    </p>
  );
}

/** A failed reading: the error, and for the owner a Retry button. */
export function ReadFailure({ link }: { link: Pick<Link, 'id' | 'status' | 'error' | 'can_retry'> }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryLink(link.id),
    onSuccess: (fresh) => updateCachedLink(queryClient, link.id, () => fresh),
    onError: (error) => console.error(`Could not retry link ${link.id}`, error),
  });
  if (link.status !== 'failed') return null;
  return (
    <Alert>
      <p className="font-medium">{LINK_TEXT.readFailed}</p>
      {link.error ? <p className="mt-1">{link.error}</p> : null}
      {retry.isError ? <p className="mt-1">{errorMessage(retry.error)}</p> : null}
      {link.can_retry ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          busy={retry.isPending}
          onClick={(event) => {
            event.stopPropagation();
            retry.mutate();
          }}
        >
          <RotateCw className="size-4" aria-hidden="true" />
          {LINK_TEXT.retry}
        </Button>
      ) : null}
    </Alert>
  );
}

/**
 * The safety verdict with its reasons: `unsafe` is a warning (and the screens never link to it),
 * `suspicious` a caution, `unknown` a note that the check could not be made; `safe` shows nothing.
 */
export function SafetyNotice({
  link,
  compact = false,
}: {
  link: Pick<Link, 'safety_verdict' | 'safety_reasons'>;
  compact?: boolean;
}) {
  const verdict = link.safety_verdict;
  if (!verdict || verdict === 'safe') return null;
  const reasons = compact ? [] : link.safety_reasons;
  const look = {
    unsafe: {
      icon: ShieldAlert,
      title: LINK_TEXT.unsafeTitle,
      classes: 'border-red-200 bg-red-50 text-red-900',
    },
    suspicious: {
      icon: AlertTriangle,
      title: LINK_TEXT.suspiciousTitle,
      classes: 'border-amber-200 bg-amber-50 text-amber-900',
    },
    unknown: {
      icon: ShieldQuestion,
      title: LINK_TEXT.unknownSafety,
      classes: 'border-stone-200 bg-stone-50 text-stone-700',
    },
  }[verdict];
  const Icon = look.icon;
  return (
    <div
      role={verdict === 'unknown' ? 'note' : 'alert'}
      className={`rounded-xl border px-3.5 py-3 text-sm ${look.classes}`}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {look.title}
      </p>
      {verdict === 'unsafe' && !compact ? <p className="mt-1">{LINK_TEXT.unsafeText}</p> : null}
      {reasons.length > 0 ? (
        <ul className="mt-1.5 list-disc space-y-0.5 pl-6">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
