import { INVITATION_MESSAGES } from '../../../shared/api/invitations';
import { LIMITS } from '../../../shared/domain/constants';

/** Pure rules of invitations: who may create one, and how many they may hold open. */

export interface InvitingMember {
  isAdmin: boolean;
  /** Switched off by an admin for this member (users.can_invite). */
  canInvite: boolean;
  /** When the member signed up: the waiting period counts from here. */
  createdAt: Date;
}

const DAY_MS = 86_400_000;

/**
 * Why this member may not invite at all right now, or null when they may. Admins are never
 * limited: they run the site and are the ones who could lift the limit anyway.
 */
export function invitingRefusal(member: InvitingMember, waitingDays: number, now: Date): string | null {
  if (member.isAdmin) return null;
  if (!member.canInvite) return INVITATION_MESSAGES.invitingOff;
  const allowedFrom = new Date(member.createdAt.getTime() + waitingDays * DAY_MS);
  if (now < allowedFrom)
    return INVITATION_MESSAGES.waiting(waitingDays, allowedFrom.toISOString().slice(0, 10));
  return null;
}

/** How many open (unredeemed, unexpired) invitations a member may hold; null when unlimited. */
export function openInvitationQuota(member: Pick<InvitingMember, 'isAdmin'>): number | null {
  return member.isAdmin ? null : LIMITS.invitationsOutstanding;
}

export function canCreateInvitation(member: Pick<InvitingMember, 'isAdmin'>, openCount: number): boolean {
  const quota = openInvitationQuota(member);
  return quota === null || openCount < quota;
}
