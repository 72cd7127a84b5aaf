import { Pin } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { useT } from '@web/i18n/i18n';

/**
 * "Pinned", on a post pinned to the top of its group (ADR 043). The word is the accessible name
 * (the icon is decoration), so a screen reader hears it before the author, as it is seen.
 */
export function PinnedMarker({ className }: { className?: string }) {
  const t = useT();
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200',
        className,
      )}
      data-testid="pinned-marker"
    >
      <Pin className="size-3.5" aria-hidden="true" />
      {t('posts.card.pinned')}
    </p>
  );
}
