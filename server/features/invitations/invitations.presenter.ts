import type { Invitation } from '../../../shared/api/invitations';
import { appLinks } from '../mail/mail.links';
import type { InvitationRow } from './invitations.repo';

export function invitationUrl(origin: string, code: string): string {
  return appLinks.invitation(origin, code);
}

/**
 * `code` is given only right after the invitation was made: the row holds just its hash, so a
 * listed invitation has code and url null (ADR 004).
 *
 * `recipientConfirmed`: the recipient has confirmed their email. Until then the recipient stays
 * hidden, so a member probing addresses with their own invitations sees the same "redeemed, no one
 * yet" whether the address made an account or already had one (ADR 014).
 */
export function presentInvitation(
  row: InvitationRow,
  origin: string,
  { code = null, recipientConfirmed = false }: { code?: string | null; recipientConfirmed?: boolean } = {},
): Invitation {
  return {
    id: row.id,
    email: row.email,
    code,
    url: code === null ? null : invitationUrl(origin, code),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    redeemed: row.redeemedAt !== null,
    recipient_id: recipientConfirmed ? row.recipientId : null,
  };
}
