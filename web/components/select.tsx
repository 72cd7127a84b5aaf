import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/cn';

/**
 * A native select styled like the text inputs: the platform's own picker (best on phones, fully
 * accessible), with our border, focus ring and chevron.
 */
export function Select({
  className,
  wrapperClassName,
  ...props
}: ComponentProps<'select'> & { wrapperClassName?: string }) {
  return (
    <span className={cn('relative inline-flex', wrapperClassName)}>
      <select
        className={cn(
          'block h-10 w-full appearance-none rounded-lg border border-stone-300 bg-white py-0 ps-3 pe-9 text-base',
          'text-stone-900 shadow-xs transition-colors hover:border-stone-400 focus:border-brand-500',
          'focus:ring-3 focus:ring-brand-500/20 focus:outline-none disabled:cursor-not-allowed disabled:bg-stone-100',
          'disabled:text-stone-500 sm:text-sm',
          className,
        )}
        {...props}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-stone-500"
        aria-hidden="true"
      />
    </span>
  );
}
