import { cn } from '@web/lib/cn';

/**
 * A horizontal progress bar (role progressbar). With a `value` (0–100) it is determinate and
 * announces aria-valuenow; without one it is a busy bar of unknown length (a request is waiting).
 */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value?: number;
  /** The accessible name, e.g. "Uploading photo.jpg". */
  label: string;
  className?: string;
}) {
  const known = value !== undefined;
  const percent = known ? Math.max(0, Math.min(100, Math.round(value))) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div
        className={cn(
          'h-full rounded-full bg-brand-600',
          known ? 'transition-[width] duration-200 ease-out' : 'w-1/3 animate-pulse',
        )}
        style={known ? { width: `${percent}%` } : undefined}
      />
    </div>
  );
}
