import type { Invitation } from '../../../shared/api/invitations';
import { appLinks } from '../mail/mail.links';
import type { InvitationRow } from './invitations.repo';

export function invitationUrl(origin: string, code: string): string {
  return appLinks.invitation(origin, code);
}

/**
 * `code` is given only right after the invitation was made: the row holds just its hash, so a
 * listed invitation has code and url null (ADR 004).
 */
export function presentInvitation(
  row: InvitationRow,
  origin: string,
  code: string | null = null,
): Invitation {
  return {
    id: row.id,
    email: row.email,
    code,
    url: code === null ? null : invitationUrl(origin, code),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    recipient_id: row.recipientId,
  };
}
