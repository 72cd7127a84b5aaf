import { RefreshCw } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** The round refresh button floating over timelines and lists (spec section 2). */
export function FloatingRefreshButton({
  onRefresh,
  refreshing = false,
  label = 'Refresh',
}: {
  onRefresh: () => void;
  refreshing?: boolean;
  label?: string;
}) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      disabled={refreshing}
      aria-label={label}
      title={label}
      className={cn(
        'fixed right-5 bottom-5 z-30 flex size-12 items-center justify-center rounded-full bg-brand-700 text-on-solid',
        'shadow-lg shadow-brand-900/25 transition hover:bg-brand-800 focus-visible:outline-none',
        'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-80',
        'sm:right-8 sm:bottom-8',
      )}
    >
      <RefreshCw className={cn('size-5', refreshing && 'animate-spin')} aria-hidden="true" />
    </button>
  );
}
