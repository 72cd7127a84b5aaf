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

/** Edit the group (name, description, picture); Owners also hold every role change (see below). */
export const canManageGroup = (role: MaybeRole) => role === 'Owner';

/** Roles in the order the member list and the selectors show them. */
export const GROUP_ROLE_ORDER: readonly GroupRole[] = ['Owner', 'Moderator', 'Poster', 'Commentor'];

/** A member as seen by someone deciding about them: their role, and whether it is the actor. */
export interface MemberTarget {
  role: GroupRole;
  isSelf: boolean;
}

/** The roles a Moderator looks after: they may move these between each other and remove them. */
const MODERATED_ROLES: readonly GroupRole[] = ['Poster', 'Commentor'];

/**
 * Who may change whose role (ADR 020). Owners give any member any role, Owner included, and may
 * step down themselves (the last-Owner rule is checked separately, under the group's lock).
 * Moderators move Posters and Commentors between those two roles only: they never touch an Owner
 * or another Moderator and never grant a role above Poster. Posters and Commentors change nothing.
 * Answers the roles the actor may set, the target's current one excluded; empty means none.
 */
export function assignableRoles(actorRole: MaybeRole, target: MemberTarget): GroupRole[] {
  if (actorRole === 'Owner') return GROUP_ROLE_ORDER.filter((role) => role !== target.role);
  if (actorRole === 'Moderator' && !target.isSelf && MODERATED_ROLES.includes(target.role)) {
    return MODERATED_ROLES.filter((role) => role !== target.role);
  }
  return [];
}

export const canChangeRole = (actorRole: MaybeRole, target: MemberTarget, to: GroupRole) =>
  assignableRoles(actorRole, target).includes(to);

/**
 * Who may take a member out of the group: anyone themselves (leaving); Owners anyone else;
 * Moderators Posters and Commentors. The last Owner can never go (checked under the lock).
 */
export function canRemoveMember(actorRole: MaybeRole, target: MemberTarget): boolean {
  if (!isMember(actorRole)) return false;
  if (target.isSelf) return true;
  if (actorRole === 'Owner') return true;
  return actorRole === 'Moderator' && MODERATED_ROLES.includes(target.role);
}
