import { INVITATION_MESSAGES } from '../../../shared/api/invitations';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Cursor } from '../../http/pagination';
import { randomToken } from '../../lib/tokens';
import { enqueueMail } from '../mail/mail.job';
import type { UserRow } from '../users/users.repo';
import { displayName } from '../users/users.presenter';
import { canCreateInvitation } from './invitations.policy';
import { invitationUrl } from './invitations.presenter';
import {
  claimInvitation,
  countOpenInvitations,
  countUsers,
  findOpenBootstrapInvitation,
  findOpenInvitation,
  insertInvitation,
  type InvitationRow,
  listInvitationsOf,
  lockBootstrap,
  lockInviter,
  setInvitationRecipient,
} from './invitations.repo';

/** 160 random bits, URL-safe (27 characters): unguessable, yet short enough to paste. */
export function newInvitationCode(): string {
  return randomToken(20);
}

export async function isInvitationOpen(db: DbOrTx, code: string): Promise<boolean> {
  return Boolean(await findOpenInvitation(db, code));
}

export type CreateInvitationResult = { invitation: InvitationRow } | { errors: Record<string, string[]> };

/**
 * A member invites someone by email: the invitation and its mail are written in one transaction.
 * The member's row is locked first, so parallel requests cannot slip past the quota together.
 */
export async function createMemberInvitation(
  context: Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>,
  inviter: UserRow,
  email: string,
): Promise<CreateInvitationResult> {
  return context.db.transaction(async (tx) => {
    await lockInviter(tx, inviter.id);
    if (!inviter.isAdmin) {
      const open = await countOpenInvitations(tx, inviter.id);
      if (!canCreateInvitation(inviter, open))
        return { errors: { base: [INVITATION_MESSAGES.quotaReached] } };
    }
    const invitation = await insertInvitation(tx, {
      inviterId: inviter.id,
      email,
      code: newInvitationCode(),
      grantsAdmin: false,
    });
    await enqueueMail(context, tx, {
      template: 'invitation',
      to: email,
      code: invitation.code,
      inviterName: displayName(inviter),
    });
    return { invitation };
  });
}

/** An invitation from the operator (command line): no inviter, grants nothing special. */
export async function createOperatorInvitation(db: DbOrTx, email: string | null): Promise<InvitationRow> {
  return insertInvitation(db, { inviterId: null, email, code: newInvitationCode(), grantsAdmin: false });
}

export async function listInvitations(db: DbOrTx, inviterId: string, after: Cursor | null, limit: number) {
  return listInvitationsOf(db, inviterId, after, limit);
}

/**
 * With no members yet, makes sure an admin invitation is waiting and logs its link, so whoever
 * installed Hearth can sign up as its first member. A restart logs the same link again instead of
 * making another; an advisory lock keeps processes starting together from making two.
 */
export async function ensureBootstrapInvitation(
  context: Pick<AppContext, 'db' | 'config' | 'logger'>,
): Promise<InvitationRow | null> {
  const found = await context.db.transaction(async (tx) => {
    await lockBootstrap(tx);
    if ((await countUsers(tx)) > 0) return null;
    const existing = await findOpenBootstrapInvitation(tx);
    if (existing) return { invitation: existing, created: false };
    const invitation = await insertInvitation(tx, {
      inviterId: null,
      email: null,
      code: newInvitationCode(),
      grantsAdmin: true,
    });
    return { invitation, created: true };
  });
  if (!found) return null;
  const url = invitationUrl(context.config.publicOrigin, found.invitation.code);
  context.logger.info(
    { invitationUrl: url, expiresAt: found.invitation.expiresAt.toISOString() },
    `Hearth has no members yet. ${found.created ? 'Created' : 'Still waiting:'} the first member's ` +
      `invitation (they become an admin). Sign up here: ${url}`,
  );
  return found.invitation;
}

/**
 * Sign-up's side of an invitation, inside the sign-up transaction: claims the open invitation with
 * this code (nothing when it is unknown, used, expired, or just taken by a racing sign-up).
 */
export async function claimInvitationForSignUp(tx: DbOrTx, code: string): Promise<InvitationRow | undefined> {
  return claimInvitation(tx, code);
}

/** Records who redeemed the invitation: the edge of the invitation tree. */
export async function recordInvitationRecipient(tx: DbOrTx, invitation: InvitationRow, recipientId: string) {
  await setInvitationRecipient(tx, invitation.id, recipientId);
}
