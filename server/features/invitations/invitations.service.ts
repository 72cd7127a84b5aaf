import { INVITATION_MESSAGES } from '../../../shared/api/invitations';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Cursor } from '../../http/pagination';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueMail } from '../mail/mail.job';
import { memberLocale, type UserRow } from '../users/users.repo';
import { displayName } from '../users/users.presenter';
import { readSiteSettings } from '../site-settings/site-settings.service';
import { canCreateInvitation, invitingRefusal } from './invitations.policy';
import { invitationUrl } from './invitations.presenter';
import {
  claimInvitation,
  countOpenInvitations,
  countUsers,
  expireInvitation,
  findOpenBootstrapInvitation,
  findOpenInvitation,
  hashPlaintextCodes,
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

/** A stored invitation and its code, which exists only here, in the answer and in the mail. */
export interface NewInvitation {
  invitation: InvitationRow;
  code: string;
}

/** Makes a code and stores only its SHA-256: the code is shown once and never again (ADR 004). */
async function insertWithNewCode(
  db: DbOrTx,
  values: { inviterId: string | null; email: string | null; grantsAdmin: boolean },
): Promise<NewInvitation> {
  const code = newInvitationCode();
  return { invitation: await insertInvitation(db, { ...values, codeHash: hashToken(code) }), code };
}

export async function isInvitationOpen(db: DbOrTx, code: string): Promise<boolean> {
  return Boolean(await findOpenInvitation(db, hashToken(code)));
}

export type CreateInvitationResult =
  NewInvitation | { errors: Record<string, string[]> } | { refused: string };

/**
 * A member invites someone by email: the invitation and its mail are written in one transaction.
 * The member's row is locked first, so parallel requests cannot slip past the quota together.
 * `refused` (inviting switched off, or still in the waiting period) is the 403 of the route.
 */
export async function createMemberInvitation(
  context: Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>,
  inviter: UserRow,
  email: string,
  /**
   * More to write in the same transaction, once the invitation exists (a group invitation, ADR 041);
   * it may name the group the mail tells of.
   */
  alongside?: (tx: DbOrTx, created: NewInvitation) => Promise<{ groupName?: string } | void>,
): Promise<CreateInvitationResult> {
  const { invite_waiting_days } = await readSiteSettings(context.db);
  const refusal = invitingRefusal(inviter, invite_waiting_days, new Date());
  if (refusal) return { refused: refusal };
  return context.db.transaction(async (tx) => {
    await lockInviter(tx, inviter.id);
    if (!inviter.isAdmin) {
      const open = await countOpenInvitations(tx, inviter.id);
      if (!canCreateInvitation(inviter, open))
        return { errors: { base: [INVITATION_MESSAGES.quotaReached] } };
    }
    const created = await insertWithNewCode(tx, { inviterId: inviter.id, email, grantsAdmin: false });
    const extra = await alongside?.(tx, created);
    await enqueueMail(context, tx, {
      template: 'invitation',
      to: email,
      // Not a member yet, so no language of their own: the inviter's is the likeliest they share.
      locale: memberLocale(inviter),
      code: created.code,
      inviterName: displayName(inviter),
      ...(extra?.groupName ? { groupName: extra.groupName } : {}),
    });
    return created;
  });
}

/** An invitation from the operator (command line): no inviter, grants nothing special. */
export async function createOperatorInvitation(db: DbOrTx, email: string | null): Promise<NewInvitation> {
  return insertWithNewCode(db, { inviterId: null, email, grantsAdmin: false });
}

/**
 * At start-up: rows from before codes were hashed get their hash and lose their plaintext, so
 * their links keep working and no code stays readable. Idempotent; returns how many it changed.
 */
export async function hashLegacyInvitationCodes(db: DbOrTx): Promise<number> {
  return hashPlaintextCodes(db);
}

export async function listInvitations(db: DbOrTx, inviterId: string, after: Cursor | null, limit: number) {
  return listInvitationsOf(db, inviterId, after, limit);
}

/** A bootstrap invitation this recent was made by a sibling process starting at the same time. */
const BOOTSTRAP_SIBLING_SECONDS = 60;

/**
 * With no members yet, makes sure an admin invitation is waiting and logs its link, so whoever
 * installed Hearth can sign up as its first member. The code is stored hashed, so it can be logged
 * only when made: a restart replaces a waiting invitation with a fresh one (the old link stops
 * working) and logs the new link. One made moments ago is a sibling process's, kept and not
 * logged again; the advisory lock keeps processes starting together from making two.
 */
export async function ensureBootstrapInvitation(
  context: Pick<AppContext, 'db' | 'config' | 'logger'>,
): Promise<{ invitation: InvitationRow; code: string | null } | null> {
  const found = await context.db.transaction(async (tx) => {
    await lockBootstrap(tx);
    if ((await countUsers(tx)) > 0) return null;
    const existing = await findOpenBootstrapInvitation(tx);
    if (existing && Date.now() - existing.createdAt.getTime() < BOOTSTRAP_SIBLING_SECONDS * 1000)
      return { invitation: existing, code: null };
    if (existing) await expireInvitation(tx, existing.id);
    return insertWithNewCode(tx, { inviterId: null, email: null, grantsAdmin: true });
  });
  if (!found) return null;
  const expiresAt = found.invitation.expiresAt.toISOString();
  if (found.code === null) {
    context.logger.info(
      { expiresAt },
      'Hearth has no members yet. Another process starting alongside this one has just logged the ' +
        "first member's invitation link; look for it in that process's log.",
    );
    return found;
  }
  const url = invitationUrl(context.config.publicOrigin, found.code);
  context.logger.info(
    { invitationUrl: url, expiresAt },
    `Hearth has no members yet. Created the first member's invitation (they become an admin; shown ` +
      `only now, a restart makes a new one). Sign up here: ${url}`,
  );
  return found;
}

/**
 * Sign-up's side of an invitation, inside the sign-up transaction: claims the open invitation with
 * this code (nothing when it is unknown, used, expired, or just taken by a racing sign-up).
 */
export async function claimInvitationForSignUp(tx: DbOrTx, code: string): Promise<InvitationRow | undefined> {
  return claimInvitation(tx, hashToken(code));
}

/** Records who redeemed the invitation: the edge of the invitation tree. */
export async function recordInvitationRecipient(tx: DbOrTx, invitation: InvitationRow, recipientId: string) {
  await setInvitationRecipient(tx, invitation.id, recipientId);
}
