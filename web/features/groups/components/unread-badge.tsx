import { CountBadge } from './count-badge';
import { useT } from '@web/i18n/i18n';

/**
 * A group's unread posts (ADR 045): the count pill ("99+" past 99), read out as ", 3 new posts".
 * Nothing for non-members (null) or when everything is read.
 */
export function UnreadBadge({ count, className }: { count: number | null | undefined; className?: string }) {
  const t = useT();
  return (
    <CountBadge
      count={count ?? 0}
      label={t('groups.unread.badge', { count: count ?? 0 })}
      className={className}
    />
  );
}
