import { canCommentInGroup, canModerateGroup, type MaybeRole } from '../../policies/group-roles';

/** Pure rules about comments (ARCHITECTURE.md "Comments"). */

export interface CommentedPost {
  userId: string;
  groupId: string | null;
}

/** Anyone who sees a post without a group; in a group every role (Commentor and up). */
export function canComment(post: CommentedPost, role: MaybeRole): boolean {
  return post.groupId === null || canCommentInGroup(role);
}

/** The comment's author, the post's author, or the group's Owner/Moderator. */
export function canDeleteComment(
  viewerId: string,
  comment: { userId: string },
  post: CommentedPost,
  role: MaybeRole,
): boolean {
  return (
    comment.userId === viewerId ||
    post.userId === viewerId ||
    (post.groupId !== null && canModerateGroup(role))
  );
}

/** Only its author edits a comment (moderators remove, they do not rewrite). */
export function canEditComment(viewerId: string, comment: { userId: string }): boolean {
  return comment.userId === viewerId;
}
