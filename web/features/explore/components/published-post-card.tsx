import { Link } from 'react-router';
import type { PublishedPost } from '@shared/api/public-posts';
import { Card } from '@web/components/card';
import { Markdown } from '@web/components/markdown';
import { PostAttachment, PostCardBody, useOpenOnClick } from '@web/features/posts';
import { cn } from '@web/lib/cn';
import { explorePostPath } from '../paths';
import { PublishedCounts } from './published-counts';
import { PublishedPostHeader } from './published-post-header';

/**
 * A published post in the feed or a public timeline: author, group, time ago, title, content (a
 * 200-character preview in lists, all of it in the feed), attachment and counts. Clicking the card
 * opens /explore/post/{id}.
 */
export function PublishedPostCard({
  post,
  variant = 'list',
  className,
}: {
  post: PublishedPost;
  /** `feed`: the one post of the swipeable feed, in full and larger. */
  variant?: 'list' | 'feed';
  className?: string;
}) {
  const path = explorePostPath(post.id);
  const feed = variant === 'feed';
  const titleId = `published-${post.id}-title`;
  const open = useOpenOnClick(path);

  return (
    <Card
      className={cn(
        'cursor-pointer transition-[border-color,box-shadow] hover:border-stone-300 hover:shadow-md hover:shadow-stone-900/5',
        feed ? 'p-4 sm:p-7' : 'p-4 sm:p-5',
        className,
      )}
      onClick={open}
    >
      <article aria-labelledby={titleId}>
        <PublishedPostHeader post={post} />
        {feed ? (
          <FeedPostBody post={post} titleId={titleId} to={path} />
        ) : (
          <PostCardBody post={post} titleId={titleId} to={path} />
        )}
        <PublishedCounts post={post} className="mt-4 border-t border-stone-100 pt-3" />
      </article>
    </Card>
  );
}

/** The feed's one post: its title larger, all of its content, and the image in full. */
function FeedPostBody({ post, titleId, to }: { post: PublishedPost; titleId: string; to: string }) {
  return (
    <>
      <h2
        id={titleId}
        className="mt-4 text-xl leading-snug font-semibold tracking-tight break-words text-stone-900 sm:text-2xl"
      >
        <Link
          to={to}
          className="rounded-sm hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {post.tldr}
        </Link>
      </h2>
      {post.content.trim() ? <Markdown className="mt-3 text-base">{post.content}</Markdown> : null}
      <PostAttachment post={post} className="mt-4" />
    </>
  );
}

/** A grey stand-in while published posts load. */
export function PublishedPostCardSkeleton({ tall = false }: { tall?: boolean }) {
  return (
    <div
      className={cn(
        'animate-pulse rounded-2xl border border-stone-200/80 bg-white p-5 shadow-sm shadow-stone-900/5',
        tall && 'sm:p-7',
      )}
    >
      <div className="flex items-center gap-3">
        <div className="size-9 rounded-full bg-stone-200" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-36 rounded bg-stone-200" />
          <div className="h-2.5 w-24 rounded bg-stone-100" />
        </div>
      </div>
      <div className="mt-5 h-5 w-2/3 rounded bg-stone-200" />
      <div className="mt-4 space-y-2">
        <div className="h-3 rounded bg-stone-100" />
        <div className="h-3 w-5/6 rounded bg-stone-100" />
        {tall ? <div className="h-3 w-4/6 rounded bg-stone-100" /> : null}
      </div>
      <div className="mt-5 flex gap-4 border-t border-stone-100 pt-3">
        <div className="h-3 w-14 rounded bg-stone-100" />
        <div className="h-3 w-20 rounded bg-stone-100" />
      </div>
    </div>
  );
}
