/** A grey stand-in for a post card while posts load. */
export function PostCardSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-stone-200/80 bg-white p-4 shadow-sm shadow-stone-900/5 sm:p-5">
      <div className="flex items-center gap-3">
        <div className="size-9 rounded-full bg-stone-200" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-36 rounded bg-stone-200" />
          <div className="h-2.5 w-24 rounded bg-stone-100" />
        </div>
      </div>
      <div className="mt-4 h-4 w-2/3 rounded bg-stone-200" />
      <div className="mt-3 space-y-2">
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-3 w-5/6 rounded bg-stone-100" />
      </div>
      <div className="mt-5 flex gap-4 border-t border-stone-100 pt-3">
        <div className="h-3 w-14 rounded bg-stone-100" />
        <div className="h-3 w-20 rounded bg-stone-100" />
      </div>
    </div>
  );
}
