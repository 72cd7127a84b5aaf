import { LIMITS } from '../../../shared/domain/constants';

/** Pure rules of invitations: who may create one, given how many they already hold open. */

export interface InvitingMember {
  isAdmin: boolean;
}

/** How many open (unredeemed, unexpired) invitations a member may hold; null when unlimited. */
export function openInvitationQuota(member: InvitingMember): number | null {
  return member.isAdmin ? null : LIMITS.invitationsOutstanding;
}

export function canCreateInvitation(member: InvitingMember, openCount: number): boolean {
  const quota = openInvitationQuota(member);
  return quota === null || openCount < quota;
}
