import { cn } from '@web/lib/cn';

/** A grey stand-in while published posts load. */
export function PublishedPostCardSkeleton({ tall = false }: { tall?: boolean }) {
  return (
    <div
      className={cn(
        'animate-pulse rounded-2xl border border-stone-200/80 bg-white p-5 shadow-sm shadow-stone-900/5',
        tall && 'sm:p-7',
      )}
    >
      <div className="flex items-center gap-3">
        <div className="size-9 rounded-full bg-stone-200" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-36 rounded bg-stone-200" />
          <div className="h-2.5 w-24 rounded bg-stone-100" />
        </div>
      </div>
      <div className="mt-5 h-5 w-2/3 rounded bg-stone-200" />
      <div className="mt-4 space-y-2">
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-3 w-5/6 rounded bg-stone-100" />
        {tall ? <div className="h-3 w-4/6 rounded bg-stone-100" /> : null}
      </div>
      <div className="mt-5 flex gap-4 border-t border-stone-100 pt-3">
        <div className="h-3 w-14 rounded bg-stone-100" />
        <div className="h-3 w-20 rounded bg-stone-100" />
      </div>
    </div>
  );
}
