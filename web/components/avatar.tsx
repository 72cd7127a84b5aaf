import { useState } from 'react';
import { cn } from '@web/lib/cn';

const sizes = {
  sm: 'size-7 text-[11px]',
  md: 'size-9 text-xs',
  lg: 'size-12 text-sm',
  xl: 'size-20 text-xl',
} as const;

/** A round picture, or the initials on a warm background when there is none (or it fails to load). */
export function Avatar({
  src,
  initials,
  name,
  size = 'md',
  className,
}: {
  src?: string | null;
  initials?: string | null;
  /** Used as the image's alternative text; decorative when absent. */
  name?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold',
        'text-brand-800 ring-1 ring-brand-200/70 select-none',
        sizes[size],
        className,
      )}
      role={name && !showImage ? 'img' : undefined}
      aria-label={name && !showImage ? name : undefined}
      aria-hidden={name ? undefined : true}
    >
      {showImage ? (
        <img src={src} alt={name ?? ''} className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden="true">{(initials || '?').slice(0, 2).toUpperCase()}</span>
      )}
    </span>
  );
}
