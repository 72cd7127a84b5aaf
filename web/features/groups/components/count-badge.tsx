import { cn } from '@web/lib/cn';
import { useT } from '@web/i18n/i18n';

/**
 * A small count pill (requests waiting). Nothing when the count is 0. The pill is what the eye reads;
 * screen readers and speech input get the same number as a phrase of the control's name ("Requests,
 * 3 waiting"), so the name still contains the visible text and never runs together as "Requests3".
 */
export function CountBadge({
  count,
  label,
  className,
}: {
  count: number;
  label: string;
  className?: string;
}) {
  const t = useT();
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <span className="sr-only">{t('groups.countBadge.phrase', { count: shown, label })}</span>
      <span
        aria-hidden="true"
        className={cn(
          'ms-auto inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5',
          'text-[11px] leading-none font-semibold text-on-solid tabular-nums',
          className,
        )}
        data-testid="count-badge"
      >
        {shown}
      </span>
    </>
  );
}
