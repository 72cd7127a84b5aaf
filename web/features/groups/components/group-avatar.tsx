import { cn } from '@web/lib/cn';

const tints = [
  'bg-brand-100 text-brand-800 ring-brand-200',
  'bg-amber-100 text-amber-800 ring-amber-200',
  'bg-rose-100 text-rose-800 ring-rose-200',
  'bg-emerald-100 text-emerald-800 ring-emerald-200',
  'bg-sky-100 text-sky-800 ring-sky-200',
  'bg-violet-100 text-violet-800 ring-violet-200',
] as const;

/** The same warm tint for a group wherever it appears. */
function tintOf(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return tints[hash % tints.length]!;
}

const sizes = {
  sm: 'size-9 rounded-lg text-xs',
  md: 'size-11 rounded-xl text-sm',
  lg: 'size-16 rounded-2xl text-xl',
} as const;

/** A group's picture when it has one, else its initials (the API's `avatar`) on a tinted square. */
export function GroupAvatar({
  id,
  initials,
  picture = null,
  size = 'md',
  className,
}: {
  id: string;
  initials: string;
  picture?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        className={cn('shrink-0 bg-stone-100 object-cover ring-1 ring-stone-200', sizes[size], className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-semibold ring-1 select-none',
        sizes[size],
        tintOf(id),
        className,
      )}
    >
      {(initials || '?').slice(0, 2).toUpperCase()}
    </span>
  );
}
