import { APP_NAME } from '@shared/domain/constants';
import { cn } from '@web/lib/cn';

/** The Hearth mark: a flame on a rounded square (the same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#c2410c" />
      <path d="M16 6c3 4 7 7 7 12a7 7 0 0 1-14 0c0-3 2-5 3-6 0 2 1 4 3 4 0-4-1-7 1-10z" fill="#fff7ed" />
    </svg>
  );
}

/** Mark and product name. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={markClassName} />
      <span className="text-lg font-semibold tracking-tight text-stone-900">{APP_NAME}</span>
    </span>
  );
}
