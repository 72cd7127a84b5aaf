import { CountBadge } from './count-badge';

/**
 * A group's unread posts (ADR 045): the count pill ("99+" past 99), read out as ", 3 new posts".
 * Nothing for non-members (null) or when everything is read.
 */
export function UnreadBadge({ count, className }: { count: number | null | undefined; className?: string }) {
  return (
    <CountBadge count={count ?? 0} label={count === 1 ? 'new post' : 'new posts'} className={className} />
  );
}
