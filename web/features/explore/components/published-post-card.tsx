import type { PublishedPost } from '@shared/api/public-posts';
import { Card } from '@web/components/card';
import { PostCardBody } from '@web/features/posts/components/post-card-body';
import { useOpenOnClick } from '@web/features/posts/components/use-open-on-click';
import { explorePostPath } from '../paths';
import { publishedCardClass } from './published-card-class';
import { PublishedCounts } from './published-counts';
import { PublishedPostHeader } from './published-post-header';

/**
 * A published post in a public timeline: author, group, time ago, title, a 200-character preview
 * of the content, attachment and counts. Clicking the card opens /explore/post/{id}. (The feed's one
 * post, in full: ./feed-post-card.tsx.)
 */
export function PublishedPostCard({ post, className }: { post: PublishedPost; className?: string }) {
  const path = explorePostPath(post.id);
  const titleId = `published-${post.id}-title`;
  const open = useOpenOnClick(path);

  return (
    <Card className={publishedCardClass(false, className)} onClick={open}>
      <article aria-labelledby={titleId}>
        <PublishedPostHeader post={post} />
        <PostCardBody post={post} titleId={titleId} to={path} />
        <PublishedCounts post={post} className="mt-4 border-t border-stone-100 pt-3" />
      </article>
    </Card>
  );
}
