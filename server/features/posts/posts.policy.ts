import { canModerateGroup, canPostInGroup, type MaybeRole } from '../../policies/group-roles';

/**
 * Pure rules about one post. Seeing a post is decided by server/policies/visibility.ts; these
 * decide what a viewer who sees it may do.
 */
export interface PostFacts {
  userId: string;
  groupId: string | null;
}

/** A post without a group is open to every member; into a group: Owner, Moderator, Poster. */
export function canCreatePostIn(groupId: string | null, role: MaybeRole): boolean {
  return groupId === null || canPostInGroup(role);
}

/** The author, or the group's Owner or Moderator. */
export function canDeletePost(viewerId: string, post: PostFacts, role: MaybeRole): boolean {
  return post.userId === viewerId || (post.groupId !== null && canModerateGroup(role));
}

/** Only the author publishes a post at a public address. */
export function canPublishPost(viewerId: string, post: PostFacts): boolean {
  return post.userId === viewerId;
}

/** Only the author edits a post's title and content. */
export function canEditPost(viewerId: string, post: { userId: string }): boolean {
  return post.userId === viewerId;
}
