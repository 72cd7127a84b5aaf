import type { Post } from '@shared/api/posts';
import { Markdown } from '@web/components/markdown';
import { EditedMark } from '@web/features/comments/edited-mark';
import { PostAttachment, type AttachmentPost } from './post-attachment';
import { Time } from '@web/components/time';

/**
 * A post's own page, below the header: the title, the full date, all of the content and the
 * attachment in full. Members and visitors read the same; what follows (actions or counts) differs.
 */
export function PostDetailBody({
  post,
  titleId,
}: {
  post: AttachmentPost & Pick<Post, 'content' | 'created_at'> & Partial<Pick<Post, 'mentions' | 'edited_at'>>;
  /** The title's id, for the article's aria-labelledby. */
  titleId: string;
}) {
  return (
    <>
      <h1
        id={titleId}
        className="mt-5 text-2xl leading-tight font-semibold tracking-tight break-words text-stone-900 sm:text-[1.75rem]"
      >
        {post.tldr}
      </h1>
      <p className="mt-1.5 text-xs text-stone-500">
        <Time value={post.created_at} format="full" />
        {post.edited_at ? (
          <>
            {' · '}
            <EditedMark editedAt={post.edited_at} />
          </>
        ) : null}
      </p>
      {post.content.trim() ? (
        <Markdown className="mt-4 text-base sm:text-[16px]" mentions={post.mentions}>
          {post.content}
        </Markdown>
      ) : null}
      <PostAttachment post={post} className="mt-5" />
    </>
  );
}
