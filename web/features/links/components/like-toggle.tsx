import { Heart } from 'lucide-react';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';

export const actionBase =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
export const actionClasses = `${actionBase} text-stone-600 hover:bg-stone-100 hover:text-stone-900`;
const likedClasses = `${actionBase} text-rose-600 hover:bg-rose-50 hover:text-rose-700`;

/** The heart and "n like(s)", drawn as on posts; the behaviour comes from useOptimisticLike. */
export function LikeToggle({
  liked,
  count,
  pending,
  onToggle,
  size = 'md',
}: {
  liked: boolean;
  count: number;
  pending: boolean;
  onToggle: () => void;
  size?: 'sm' | 'md';
}) {
  const t = useT();
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-busy={pending || undefined}
      title={liked ? t('posts.card.unlike') : t('posts.card.like')}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      className={cn(liked ? likedClasses : actionClasses, size === 'sm' && 'h-8 px-2 text-xs')}
    >
      <Heart
        className={cn(
          size === 'sm' ? 'size-4' : 'size-[18px]',
          'transition-transform',
          liked && 'scale-110 fill-current',
        )}
        aria-hidden="true"
      />
      <span className="tabular-nums">{t('posts.card.likes', { count })}</span>
    </button>
  );
}
