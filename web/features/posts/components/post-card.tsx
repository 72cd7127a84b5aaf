import type { Post } from '@shared/api/posts';
import { Card } from '@web/components/card';
import { PostActions } from './post-actions';
import { PostCardBody } from './post-card-body';
import { PostHeader } from './post-header';
import { PostNoticesProvider, usePostNotices } from './post-notices';
import { PostOptionsMenu } from './post-options-menu';
import { PinnedMarker } from './pinned-marker';
import { useOpenOnClick } from './use-open-on-click';

export const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

/**
 * A post in a list (spec section 2): author, group, time ago, options menu, title, a 200-character
 * Markdown preview, attachment, like, comment count and Share; "Pinned" above a post pinned to its
 * group (ADR 043). Clicking the card opens /post/{id}.
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
  const path = postPath(post.id);
  const openPost = useOpenOnClick(path);

  return (
    <Card
      className="cursor-pointer p-4 transition-[border-color,box-shadow] hover:border-stone-300 hover:shadow-md hover:shadow-stone-900/5 has-[>article:focus]:ring-2 has-[>article:focus]:ring-brand-500 sm:p-5"
      onClick={openPost}
    >
      {/* j and k move focus from post to post (SHORTCUT_ITEM_ATTRIBUTE, web/app/keyboard-shortcuts.tsx). */}
      <article
        aria-labelledby={`post-${post.id}-title`}
        tabIndex={-1}
        data-shortcut-item=""
        className="scroll-mt-20 scroll-mb-4 focus:outline-none"
      >
        {post.pinned ? <PinnedMarker className="mb-2" /> : null}
        <PostHeader post={post} menu={<PostOptionsMenu post={post} notify={notify} />} />
        <PostCardBody post={post} titleId={`post-${post.id}-title`} to={path} address={{ postId: post.id }} />
        <PostActions post={post} notify={notify} className="mt-3 border-t border-stone-100 pt-2" />
      </article>
    </Card>
  );
}
