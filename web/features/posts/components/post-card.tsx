import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Post } from '@shared/api/posts';
import { Card } from '@web/components/card';
import { Markdown } from '@web/components/markdown';
import { contentPreview } from '../messages';
import { PostActions } from './post-actions';
import { PostAttachment } from './post-attachment';
import { PostHeader } from './post-header';
import { PostNoticesProvider, usePostNotices } from './post-notices';
import { PostOptionsMenu } from './post-options-menu';

export const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

/** Clicks on these inside a card do their own thing rather than opening the post. */
const INTERACTIVE = 'a, button, input, textarea, select, label, [role="menuitem"], [role="dialog"]';

/**
 * A post in a list (spec section 2): author, group, time ago, options menu, title, a 200-character
 * Markdown preview, attachment, like, comment count and Share. Clicking the card opens /post/{id}.
 */
export function PostCard({ post }: { post: Post }) {
  const notices = usePostNotices();
  if (notices) return <PostCardContent post={post} notify={notices.notify} />;
  // Used on its own: bring a place for the card's toasts.
  return (
    <PostNoticesProvider>
      <PostCardInProvider post={post} />
    </PostNoticesProvider>
  );
}

function PostCardInProvider({ post }: { post: Post }) {
  const notices = usePostNotices();
  return <PostCardContent post={post} notify={notices!.notify} />;
}

function PostCardContent({
  post,
  notify,
}: {
  post: Post;
  notify: (message: string, variant?: 'success' | 'error') => void;
}) {
  const navigate = useNavigate();
  const path = postPath(post.id);

  function openPost(event: MouseEvent<HTMLElement>) {
    const target = event.target as Element;
    // Events from portals (menus, dialogs) bubble here through React; only the card's own area counts.
    if (event.defaultPrevented || !event.currentTarget.contains(target)) return;
    if (target.closest(INTERACTIVE)) return;
    // Selecting text is not a click on the card.
    if (window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey) {
      window.open(path, '_blank', 'noopener');
      return;
    }
    navigate(path);
  }

  return (
    <Card
      className="cursor-pointer p-4 transition-[border-color,box-shadow] hover:border-stone-300 hover:shadow-md hover:shadow-stone-900/5 sm:p-5"
      onClick={openPost}
    >
      <article aria-labelledby={`post-${post.id}-title`}>
        <PostHeader post={post} menu={<PostOptionsMenu post={post} notify={notify} />} />
        <h2
          id={`post-${post.id}-title`}
          className="mt-3 text-lg leading-snug font-semibold tracking-tight text-stone-900"
        >
          <Link
            to={path}
            className="rounded-sm break-words hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {post.tldr}
          </Link>
        </h2>
        {post.content.trim() ? (
          <Markdown variant="preview" className="mt-2 text-stone-700">
            {contentPreview(post.content)}
          </Markdown>
        ) : null}
        <PostAttachment post={post} variant="card" to={path} className="mt-3" />
        <PostActions post={post} notify={notify} className="mt-3 border-t border-stone-100 pt-2" />
      </article>
    </Card>
  );
}
