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

/** Pin a group's posts to the top of its timeline and unpin them (ADR 043). */
export const canPinInGroup = canModerateGroup;

/** Edit the group (name, description, picture); Owners also hold every role change (see below). */
export const canManageGroup = (role: MaybeRole) => role === 'Owner';

/**
 * Invite people in (ADR 041): whoever lets people in by answering requests, with the roles the one
 * granting rule gives them for a newcomer. The shareable link, which lets anyone holding it in, is
 * the Owners' alone.
 */
export const canInviteToGroup = canAnswerRequests;
export const canManageInviteLink = canManageGroup;

/** The role of someone let in without a role being chosen: a group link, an invitation's default. */
export const NEWCOMER_ROLE: GroupRole = 'Poster';

/** Roles in the order the member list and the selectors show them. */
export const GROUP_ROLE_ORDER: readonly GroupRole[] = ['Owner', 'Moderator', 'Poster', 'Commentor'];

/** A member as seen by someone deciding about them: their role, and whether it is the actor. */
export interface MemberTarget {
  role: GroupRole;
  isSelf: boolean;
}

/** Whom a role is granted to: a member, or a newcomer whose request to join is being answered. */
export type GrantTarget = MemberTarget | typeof NEWCOMER;

/** A newcomer, as a request's answerer sees them: no role yet, and never the answerer. */
export const NEWCOMER = { role: null, isSelf: false } as const;

/** The roles a Moderator looks after: they may move these between each other and remove them. */
const MODERATED_ROLES: readonly GroupRole[] = ['Poster', 'Commentor'];

/**
 * The one rule for granting a group role, on every path that grants one: a role change, and the
 * role given when a request to join is accepted (ADR 020). Owners give anyone any role,
 * Owner included, and may step down themselves (the last-Owner rule is checked separately, under
 * the group's lock). Moderators give Poster or Commentor only, to a newcomer or between those two
 * roles: they never touch an Owner or another Moderator and never grant a role above Poster, so a
 * Moderator cannot mint Moderators. Posters and Commentors grant nothing.
 * Answers the roles the actor may grant, the target's current one excluded; empty means none.
 */
export function assignableRoles(actorRole: MaybeRole, target: GrantTarget): GroupRole[] {
  if (actorRole === 'Owner') return GROUP_ROLE_ORDER.filter((role) => role !== target.role);
  const moderated = target.role === null || MODERATED_ROLES.includes(target.role);
  if (actorRole === 'Moderator' && !target.isSelf && moderated) {
    return MODERATED_ROLES.filter((role) => role !== target.role);
  }
  return [];
}

export const canGrantRole = (actorRole: MaybeRole, target: GrantTarget, to: GroupRole) =>
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
