import type { Invitation } from '../../../shared/api/invitations';
import { appLinks } from '../mail/mail.links';
import type { InvitationRow } from './invitations.repo';

export function invitationUrl(origin: string, code: string): string {
  return appLinks.invitation(origin, code);
}

export function presentInvitation(row: InvitationRow, origin: string): Invitation {
  return {
    id: row.id,
    email: row.email,
    code: row.code,
    url: invitationUrl(origin, row.code),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    recipient_id: row.recipientId,
  };
}
