import type { ComponentType, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** What a list shows when it has nothing in it: an icon, a line of text, and optionally an action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
}: {
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-10',
        'text-center',
        className,
      )}
    >
      {Icon ? (
        <span className="mb-3 flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
      ) : null}
      <p className="font-medium text-stone-800">{title}</p>
      {description ? <p className="mt-1 max-w-sm text-sm text-stone-600">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
