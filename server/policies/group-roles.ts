import type { GroupRole } from '../../shared/domain/constants';

/**
 * What each group role may do (ARCHITECTURE.md "Group roles"). Pure functions of the viewer's
 * role in the group (null: not a member), so routes, services and presenters agree.
 *
 * Owner: everything. Moderator: answers requests, removes posts and comments.
 * Poster: posts, comments, likes. Commentor: comments and likes, cannot post.
 */
export type MaybeRole = GroupRole | null | undefined;

export const isMember = (role: MaybeRole): role is GroupRole => role != null;

export const canPostInGroup = (role: MaybeRole) =>
  role === 'Owner' || role === 'Moderator' || role === 'Poster';

/** Every role may comment on and like the group's posts. */
export const canCommentInGroup = (role: MaybeRole) => isMember(role);

export const canModerateGroup = (role: MaybeRole) => role === 'Owner' || role === 'Moderator';

export const canAnswerRequests = canModerateGroup;

/** Rename the group, change roles, remove members. */
export const canManageGroup = (role: MaybeRole) => role === 'Owner';
