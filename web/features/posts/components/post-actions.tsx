import { Heart, MessageCircle, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '@shared/api/posts';
import { ReactionBar } from '@web/features/reactions';
import { copyToClipboard } from '@web/lib/clipboard';
import { cn } from '@web/lib/cn';
import { t, useT } from '@web/i18n/i18n';
import { postUrl } from '../api';
import { updateCachedPost } from '../post-cache';
import { usePostLike } from '../use-post-like';

const actionBase =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
const actionClasses = `${actionBase} text-stone-600 hover:bg-stone-100 hover:text-stone-900`;
const likedClasses = `${actionBase} text-rose-600 hover:bg-rose-50 hover:text-rose-700`;

/** The heart and "n like(s)": optimistic, see {@link usePostLike}. */
export function LikeButton({ post }: { post: Pick<Post, 'id' | 'liked_by_current_user' | 'likes_count'> }) {
  const { liked, count, pending, toggle } = usePostLike(post);
  const t = useT();
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-busy={pending || undefined}
      title={liked ? t('posts.card.unlike') : t('posts.card.like')}
      onClick={() => void toggle()}
      className={liked ? likedClasses : actionClasses}
    >
      <Heart
        className={cn('size-[18px] transition-transform', liked && 'scale-110 fill-current')}
        aria-hidden="true"
      />
      <span className="tabular-nums">{t('posts.card.likes', { count })}</span>
    </button>
  );
}

/** "n comment(s)", leading to the post's comments. */
export function CommentsCount({ post }: { post: Pick<Post, 'id' | 'comments_count'> }) {
  const t = useT();
  return (
    <Link to={`/post/${encodeURIComponent(post.id)}#comments`} className={actionClasses}>
      <MessageCircle className="size-[18px]" aria-hidden="true" />
      <span className="tabular-nums">{t('posts.card.comments', { count: post.comments_count })}</span>
    </Link>
  );
}

/**
 * Share: the system share sheet where there is one, else the post's address ({origin}/post/{id}) is
 * copied to the clipboard with a toast.
 */
export async function sharePost(
  post: Pick<Post, 'id' | 'tldr'>,
  notify: (message: string, variant?: 'success' | 'error') => void,
) {
  const url = postUrl(post.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.tldr, url });
      return;
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await copyToClipboard(url);
    notify(t('posts.card.linkCopied'));
  } catch (error) {
    console.error('Copy failed', error);
    notify(t('posts.card.copyFailed'), 'error');
  }
}

export function ShareButton({
  post,
  notify,
}: {
  post: Pick<Post, 'id' | 'tldr'>;
  notify: (message: string, variant?: 'success' | 'error') => void;
}) {
  const t = useT();
  return (
    <button type="button" onClick={() => void sharePost(post, notify)} className={actionClasses}>
      <Share2 className="size-[18px]" aria-hidden="true" />
      {t('posts.card.share')}
    </button>
  );
}

/** The post's reactions (ADR 044); the server's answer reaches every list and page holding the post. */
export function PostReactions({ post }: { post: Pick<Post, 'id' | 'reactions'> }) {
  const queryClient = useQueryClient();
  return (
    <ReactionBar
      subject={{ kind: 'post', id: post.id }}
      reactions={post.reactions ?? []}
      onSettled={(reactions) =>
        updateCachedPost(queryClient, post.id, (cached) => ({ ...cached, reactions }))
      }
    />
  );
}

/** The reactions, then like, comment count and Share in a row. */
export function PostActions({
  post,
  notify,
  className,
}: {
  post: Pick<Post, 'id' | 'tldr' | 'liked_by_current_user' | 'likes_count' | 'comments_count' | 'reactions'>;
  notify: (message: string, variant?: 'success' | 'error') => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <PostReactions post={post} />
      <div className="-mx-2.5 mt-1 flex items-center gap-0.5 sm:gap-1">
        <LikeButton post={post} />
        <CommentsCount post={post} />
        <div className="ms-auto">
          <ShareButton post={post} notify={notify} />
        </div>
      </div>
    </div>
  );
}
