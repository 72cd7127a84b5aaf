import { History } from 'lucide-react';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';

/** Shown over a form that came back with a draft kept from before; Discard empties it. */
export function DraftNotice({ onDiscard, className }: { onDiscard: () => void; className?: string }) {
  const t = useT();
  return (
    <div
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-700',
        className,
      )}
    >
      <History className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
      <span className="flex-1">{t('components.draftNotice.restored')}</span>
      <button
        type="button"
        onClick={onDiscard}
        className="rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {t('components.draftNotice.discard')}
      </button>
    </div>
  );
}
