import { useQueryClient } from '@tanstack/react-query';
import type { Link } from '@shared/api/links';
import { useT } from '@web/i18n/i18n';
import { setLinkLiked } from '../api';
import { refreshLink } from '../link-cache';
import { useOptimisticLike } from '../use-link-like';
import { LikeToggle } from './like-toggle';

/** A link's like: optimistic; on success the link's page and the timeline are refreshed (spec section 4). */
export function LinkLikeButton({
  link,
}: {
  link: Pick<Link, 'id' | 'liked_by_current_user' | 'likes_count'>;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const like = useOptimisticLike({
    key: link.id,
    liked: link.liked_by_current_user,
    count: link.likes_count,
    send: (liked) => setLinkLiked(link.id, liked),
    onSuccess: () => refreshLink(queryClient, link.id),
    failures: { like: t('links.card.likeFailed'), unlike: t('links.card.unlikeFailed') },
  });
  return (
    <LikeToggle
      liked={like.liked}
      count={like.count}
      pending={like.pending}
      onToggle={() => void like.toggle()}
    />
  );
}
