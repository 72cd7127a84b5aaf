import { CalendarDays, CalendarSearch } from 'lucide-react';
import { Link } from 'react-router';
import type { Post } from '@shared/api/posts';
import { RenderedMarkdown } from '@web/components/rendered-markdown';
import { PostPoll } from '@web/features/polls/post-poll';
import { useT } from '@web/i18n/i18n';
import { PostFiles, type AttachmentPost, type PhotoAddress } from './post-attachment';

/**
 * A card's title (leading to the post), a 200-character Markdown preview and the attachment's
 * thumbnail: the same on a member's card and a published one. The preview is drawn from the HTML
 * the server rendered (`content_preview_html`), so a list of cards loads no Markdown parser.
 */
export function PostCardBody({
  post,
  titleId,
  to,
  address,
}: {
  post: AttachmentPost &
    Pick<Post, 'content' | 'content_preview_html'> &
    Partial<Pick<Post, 'mentions' | 'event_id' | 'date_poll_id' | 'poll'>> & { id?: string };
  /** The title's id, for the article's aria-labelledby. */
  titleId: string;
  /** The post's page. */
  to: string;
  /** A member's post: its photos open at their own addresses. */
  address?: PhotoAddress;
}) {
  return (
    <>
      <h2 id={titleId} className="mt-3 text-lg leading-snug font-semibold tracking-tight text-stone-900">
        <Link
          to={to}
          className="rounded-sm break-words hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {post.tldr}
        </Link>
      </h2>
      {post.content.trim() ? (
        <RenderedMarkdown
          variant="preview"
          className="mt-2 text-stone-700"
          html={post.content_preview_html}
          mentions={post.mentions}
        />
      ) : null}
      <PostFiles post={post} variant="card" address={address} className="mt-3" />
      {post.id && post.poll ? <PostPoll post={{ id: post.id, poll: post.poll }} className="mt-3" /> : null}
      {post.event_id ? <EventCardLink eventId={post.event_id} /> : null}
      {post.date_poll_id ? <DatePollCardLink pollId={post.date_poll_id} /> : null}
    </>
  );
}

/** An event's card (ADR 057): the way to its page, where members answer and see who is going. */
function EventCardLink({ eventId }: { eventId: string }) {
  const t = useT();
  return (
    <Link
      to={`/events/${encodeURIComponent(eventId)}`}
      className="mt-3 inline-flex items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <CalendarDays className="size-4" aria-hidden="true" />
      {t('posts.card.eventLink')}
    </Link>
  );
}

/** A date poll's card (ADR 057): the way to its page, where members mark the dates that suit them. */
function DatePollCardLink({ pollId }: { pollId: string }) {
  const t = useT();
  return (
    <Link
      to={`/date_polls/${encodeURIComponent(pollId)}`}
      className="mt-3 inline-flex items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <CalendarSearch className="size-4" aria-hidden="true" />
      {t('posts.card.datePollLink')}
    </Link>
  );
}
