import { ArrowUp, RefreshCw } from 'lucide-react';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';

/**
 * The lists' one way to load what is new (spec section 2's floating refresh button; ADR 039). Where
 * the page has a margin beside its column (1280 px and wider) it floats there, round, and covers
 * nothing; narrower, where a floating button would sit on the cards, the same button stands in the
 * list's own flow above its first item. Place it before the list. When the list knows how many new
 * items wait (`newCount`), the button says so ("3 new posts") instead of a second control saying it.
 */
export function FloatingRefreshButton({
  onRefresh,
  refreshing = false,
  label,
  newLabel,
}: {
  onRefresh: () => void;
  refreshing?: boolean;
  label?: string;
  /** "3 new posts" while new items wait; the button then shows it and loads them. */
  newLabel?: string | null;
}) {
  const t = useT();
  const name = newLabel ?? label ?? t('components.refreshButton.refresh');
  const Icon = newLabel ? ArrowUp : RefreshCw;
  return (
    <div className="mb-4 flex justify-end xl:mb-0">
      <button
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        aria-label={name}
        title={name}
        className={cn(
          'inline-flex h-9 items-center gap-2 rounded-full px-3.5 text-sm font-medium transition',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
          'disabled:opacity-80',
          newLabel
            ? 'bg-brand-700 text-on-solid shadow-md shadow-brand-900/20 hover:bg-brand-800'
            : 'border border-stone-200 bg-white text-stone-700 hover:bg-stone-50 hover:text-stone-900',
          // In the margin beside the column: round, floating, out of the list's flow.
          'xl:fixed xl:end-8 xl:bottom-8 xl:z-30 xl:h-12 xl:min-w-12 xl:justify-center xl:border-0',
          'xl:bg-brand-700 xl:text-on-solid xl:shadow-lg xl:shadow-brand-900/25 xl:hover:bg-brand-800',
          newLabel ? 'xl:px-5' : 'xl:px-0',
        )}
      >
        <Icon className={cn('size-4 xl:size-5', refreshing && 'animate-spin')} aria-hidden="true" />
        <span className={cn(!newLabel && 'xl:sr-only')} aria-hidden="true">
          {name}
        </span>
      </button>
    </div>
  );
}
