import { Link } from 'react-router';
import type { PublishedPost } from '@shared/api/public-posts';
import { Card } from '@web/components/card';
import { RenderedMarkdown } from '@web/components/rendered-markdown';
import { PostFiles } from '@web/features/posts/components/post-attachment';
import { useOpenOnClick } from '@web/features/posts/components/use-open-on-click';
import { explorePostPath } from '../paths';
import { PublishedCounts } from './published-counts';
import { publishedCardClass } from './published-card-class';
import { PublishedPostHeader } from './published-post-header';

/**
 * The feed's one post (`/`): author, group, time ago, its title larger, all of its content, the
 * image in full, and counts. Clicking the card opens /explore/post/{id}. Its parts are imported by
 * file and its Markdown drawn from the HTML the server rendered (web/components/rendered-markdown.tsx),
 * so the public feed loads neither the posts area's shared code nor a Markdown parser.
 */
export function FeedPostCard({ post, className }: { post: PublishedPost; className?: string }) {
  const path = explorePostPath(post.id);
  const titleId = `published-${post.id}-title`;
  const open = useOpenOnClick(path);

  return (
    <Card className={publishedCardClass(true, className)} onClick={open}>
      <article aria-labelledby={titleId}>
        <PublishedPostHeader post={post} />
        <h2
          id={titleId}
          className="mt-4 text-xl leading-snug font-semibold tracking-tight break-words text-stone-900 sm:text-2xl"
        >
          <Link
            to={path}
            className="rounded-sm hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {post.tldr}
          </Link>
        </h2>
        {post.content.trim() ? (
          <RenderedMarkdown className="mt-3 text-base" html={post.content_html} titleLevel={2} />
        ) : null}
        <PostFiles post={post} className="mt-4" />
        <PublishedCounts post={post} className="mt-4 border-t border-stone-100 pt-3" />
      </article>
    </Card>
  );
}
