import { Heart, MessageCircle } from 'lucide-react';
import type { PublishedPost } from '@shared/api/public-posts';
import { commentsLabel, likesLabel } from '@web/features/posts/messages';
import { cn } from '@web/lib/cn';

/** Read-only like and comment counts: '1 like', '2 likes', '1 comment', '2 comments'. */
export function PublishedCounts({
  post,
  className,
}: {
  post: Pick<PublishedPost, 'likes_count' | 'comments_count'>;
  className?: string;
}) {
  return (
    <p className={cn('flex items-center gap-4 text-sm text-stone-600', className)}>
      <span className="inline-flex items-center gap-1.5">
        <Heart className="size-4 text-stone-400" aria-hidden="true" />
        <span className="tabular-nums">{likesLabel(post.likes_count)}</span>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <MessageCircle className="size-4 text-stone-400" aria-hidden="true" />
        <span className="tabular-nums">{commentsLabel(post.comments_count)}</span>
      </span>
    </p>
  );
}
