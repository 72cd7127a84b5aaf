import type { Post } from '@shared/api/posts';
import { Time } from '@web/components/time';
import { EditedMark } from '@web/features/comments/edited-mark';

/** A post's own page: its title and, below it, the full date (and when it was edited). */
export function PostDetailTitle({
  post,
  titleId,
}: {
  post: Pick<Post, 'tldr' | 'created_at'> & Partial<Pick<Post, 'edited_at'>>;
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
    </>
  );
}

/** The classes of the content below PostDetailTitle, whichever renderer draws it. */
export const POST_DETAIL_CONTENT_CLASS = 'mt-4 text-base sm:text-[16px]';
