import { useState } from 'react';
import { Link } from 'react-router';
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

/**
 * A member's picture that leads to `to`, shown beside a link with their name to the same place. It
 * repeats that link, so it stays out of the tab order and out of the accessibility tree: a screen
 * reader or keyboard meets each person once, by the name they can see (WCAG 2.5.3, Label in Name).
 */
export function AvatarLink({
  to,
  className,
  ...avatar
}: { to: string; className?: string } & Omit<Parameters<typeof Avatar>[0], 'name'>) {
  return (
    <Link to={to} tabIndex={-1} aria-hidden="true" className={cn('shrink-0 rounded-full', className)}>
      <Avatar {...avatar} />
    </Link>
  );
}
