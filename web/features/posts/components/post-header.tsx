import type { ReactNode } from 'react';
import type { Post } from '@shared/api/posts';
import { AuthorHeader, type AuthorHeaderPost } from './author-header';

export const profilePath = (profileId: string) => `/profiles/${encodeURIComponent(profileId)}`;
export const groupPagePath = (groupId: string) => `/group/${encodeURIComponent(groupId)}`;

/** A member's view of the author: links to the profile and /group/{id}, and the options menu. */
export function PostHeader({
  post,
  menu,
}: {
  post: AuthorHeaderPost & Pick<Post, 'profile_id'>;
  menu?: ReactNode;
}) {
  return (
    <AuthorHeader post={post} profileTo={profilePath(post.profile_id)} groupTo={groupPagePath} menu={menu} />
  );
}
