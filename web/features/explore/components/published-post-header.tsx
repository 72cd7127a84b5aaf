import type { PublishedPost } from '@shared/api/public-posts';
import { AuthorHeader, type AuthorHeaderPost } from '@web/features/posts/components/author-header';
import { exploreGroupPath, exploreProfilePath } from '../paths';

/** A visitor's view of the author: name and group lead to their published posts. */
export function PublishedPostHeader({
  post,
}: {
  post: AuthorHeaderPost & Pick<PublishedPost, 'profile_id'>;
}) {
  return (
    <AuthorHeader post={post} profileTo={exploreProfilePath(post.profile_id)} groupTo={exploreGroupPath} />
  );
}
