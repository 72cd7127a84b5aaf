import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CircleSlash, RotateCw, ShieldAlert, ShieldQuestion } from 'lucide-react';
import type { Link } from '@shared/api/links';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { retryLink } from '../api';
import { isReading, updateCachedLink } from '../link-cache';

/** "reading…" while Hearth fetches and summarises the link; it fills in by itself (live updates). */
export function ReadingIndicator({ link }: { link: Pick<Link, 'status'> }) {
  const t = useT();
  if (!isReading(link)) return null;
  return (
    <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-brand-800">
      <Spinner className="size-4" />
      {t('links.status.reading')}
    </p>
  );
}

/** The looks of a verdict worth showing (its title a message id); `safe` shows nothing. */
const VERDICT_LOOKS = {
  unsafe: {
    icon: ShieldAlert,
    title: 'links.status.unsafeTitle',
    classes: 'border-red-200 bg-red-50 text-red-900',
  },
  suspicious: {
    icon: AlertTriangle,
    title: 'links.status.suspiciousTitle',
    classes: 'border-amber-200 bg-amber-50 text-amber-900',
  },
  unknown: {
    icon: ShieldQuestion,
    title: 'links.status.unknownSafety',
    classes: 'border-stone-200 bg-stone-50 text-stone-700',
  },
} as const;

type StateLink = Pick<Link, 'id' | 'status' | 'error' | 'can_retry' | 'safety_verdict' | 'safety_reasons'>;

/**
 * Where a link's reading stands, as one box: a failed reading says so (wearing the verdict's
 * colours when the page was also found unsafe or suspicious, so a member never reads two alarms
 * for one link), otherwise the safety verdict alone. A failure's unknown verdict goes unsaid: an
 * unread page could not be checked, and the failure already tells it.
 */
export function LinkState({ link, compact = false }: { link: StateLink; compact?: boolean }) {
  if (link.status === 'failed') return <ReadFailure link={link} compact={compact} />;
  return <SafetyNotice link={link} compact={compact} />;
}

/** A failed reading: the error, and a Retry button only where the server says another try may help. */
function ReadFailure({ link, compact }: { link: StateLink; compact: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryLink(link.id),
    onSuccess: (fresh) => updateCachedLink(queryClient, link.id, () => fresh),
    onError: (error) => console.error(`Could not retry link ${link.id}`, error),
  });
  const warning =
    link.safety_verdict === 'unsafe' || link.safety_verdict === 'suspicious'
      ? VERDICT_LOOKS[link.safety_verdict]
      : null;
  const Icon = warning?.icon ?? CircleSlash;
  const reasons = warning && !compact ? link.safety_reasons : [];
  return (
    <div
      role="alert"
      className={cn(
        'rounded-xl border px-3.5 py-3 text-sm',
        warning?.classes ?? 'border-stone-200 bg-stone-50 text-stone-800',
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {warning ? t(warning.title) : t('links.status.readFailed')}
      </p>
      {warning ? <p className="mt-1 font-medium">{t('links.status.readFailed')}</p> : null}
      {link.error ? <p className="mt-1">{link.error}</p> : null}
      <SafetyReasons reasons={reasons} />
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
          {t('links.status.retry')}
        </Button>
      ) : null}
    </div>
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
  const t = useT();
  const verdict = link.safety_verdict;
  if (!verdict || verdict === 'safe') return null;
  const look = VERDICT_LOOKS[verdict];
  const Icon = look.icon;
  return (
    <div
      role={verdict === 'unknown' ? 'note' : 'alert'}
      className={cn('rounded-xl border px-3.5 py-3 text-sm', look.classes)}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {t(look.title)}
      </p>
      {verdict === 'unsafe' && !compact ? <p className="mt-1">{t('links.status.unsafeText')}</p> : null}
      <SafetyReasons reasons={compact ? [] : link.safety_reasons} />
    </div>
  );
}

function SafetyReasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="mt-1.5 list-disc space-y-0.5 ps-6">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}
