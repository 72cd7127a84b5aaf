import type { Post } from '@shared/api/posts';
import { MemberMarkdown } from '@web/components/markdown';
import { PostPoll } from '@web/features/polls/post-poll';
import { PostFiles, type AttachmentPost, type PhotoAddress } from './post-attachment';
import { POST_DETAIL_CONTENT_CLASS, PostDetailTitle } from './post-detail-title';

/**
 * A member's post on its own page, below the header: the title, the full date, all of the content
 * and the attachment in full. The content is drawn from the server's HTML (`content_html`, as
 * visitors read a published post in web/features/explore/published-post-page.tsx), so the page
 * waits for no Markdown parser; a post known only from a list or an edit's answer, which carry no
 * HTML, is drawn by the parser.
 */
export function PostDetailBody({
  post,
  titleId,
  address,
}: {
  post: AttachmentPost &
    Pick<Post, 'content' | 'created_at'> &
    Partial<Pick<Post, 'mentions' | 'edited_at' | 'poll'>> & { id?: string; content_html?: string };
  /** The title's id, for the article's aria-labelledby. */
  titleId: string;
  /** A member's post: its photos open at their own addresses. */
  address?: PhotoAddress;
}) {
  return (
    <>
      <PostDetailTitle post={post} titleId={titleId} />
      {!post.content.trim() ? null : (
        <MemberMarkdown
          html={post.content_html}
          className={POST_DETAIL_CONTENT_CLASS}
          mentions={post.mentions}
        >
          {post.content}
        </MemberMarkdown>
      )}
      <PostFiles post={post} address={address} className="mt-5" />
      {post.id && post.poll ? <PostPoll post={{ id: post.id, poll: post.poll }} className="mt-5" /> : null}
    </>
  );
}
