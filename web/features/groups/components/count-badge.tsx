import { cn } from '@web/lib/cn';

/**
 * A small count pill (requests waiting). Nothing when the count is 0; the visible number is part of
 * the control's accessible name ("Requests 3 waiting").
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
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <span
        className={cn(
          'ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 py-0.5',
          'text-[11px] leading-none font-semibold text-on-solid tabular-nums',
          className,
        )}
        data-testid="count-badge"
      >
        {count > 99 ? '99+' : count}
        <span className="sr-only"> {label}</span>
      </span>
    </>
  );
}
