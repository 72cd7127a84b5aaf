import type { GroupInvitation, InviteLink } from '../../../shared/api/group-invitations';
import { humanDate } from '../../../shared/domain/time';
import { presentAuthor } from '../profiles/people';
import { isLinkUsable } from './group-invitations.policy';
import type { GroupInvitationRow, InviteLinkRow } from './group-invitations.repo';

/** An invitation into a group; the invited person's email only to whoever invited them. */
export function presentGroupInvitation(row: GroupInvitationRow, viewerId: string): GroupInvitation {
  return {
    id: row.id,
    group_id: row.groupId,
    group_name: row.groupName,
    inviter: presentAuthor({
      userId: row.inviterId,
      username: row.inviterUsername,
      firstName: row.inviterFirstName,
      lastName: row.inviterLastName,
      avatarFileId: row.inviterAvatarFileId,
    }),
    invitee:
      row.inviteeId && row.inviteeUsername !== null
        ? presentAuthor({
            userId: row.inviteeId,
            username: row.inviteeUsername,
            firstName: row.inviteeFirstName,
            lastName: row.inviteeLastName,
            avatarFileId: row.inviteeAvatarFileId,
          })
        : null,
    email: row.inviterId === viewerId ? row.email : null,
    role: row.role,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    created_at_human: humanDate(row.createdAt),
  };
}

export function groupLinkUrl(origin: string, code: string): string {
  return `${origin}/join/${encodeURIComponent(code)}`;
}

/** A group's link for its Owners: the address only when just made (`code`), as it is kept hashed. */
export function presentInviteLink(
  row: InviteLinkRow | null,
  options: { origin: string; code?: string | null; now?: Date },
): InviteLink {
  if (!row) return { enabled: false, url: null, expires_at: null, max_uses: null, uses: 0, usable: false };
  return {
    enabled: true,
    url: options.code ? groupLinkUrl(options.origin, options.code) : null,
    expires_at: row.expiresAt.toISOString(),
    max_uses: row.maxUses,
    uses: row.uses,
    usable: isLinkUsable(row, options.now ?? new Date()),
  };
}
