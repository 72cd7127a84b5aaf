import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type SignUpBody } from '../../../shared/api/auth';
import { INVITATION_MESSAGES } from '../../../shared/api/invitations';
import { DURATIONS } from '../../../shared/domain/constants';
import { type Locale, SOURCE_LOCALE } from '../../../shared/domain/locales';
import type { AppContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import type { FieldErrors } from '../../http/errors';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import {
  claimInvitationForSignUp,
  isInvitationOpen,
  recordInvitationRecipient,
} from '../invitations/invitations.service';
import { joinInvitedGroups } from '../group-invitations/group-invitations.service';
import { enqueueMail } from '../mail/mail.job';
import { notify } from '../notifications/notify';
import { enqueueAccountRequest, newSecret } from './account-requests.job';
import { newPasswordErrors } from './passwords.service';
import {
  confirmByCode,
  findTaken,
  findUserByEmail,
  insertUser,
  memberLocale,
  type UserRow,
} from './users.repo';

type Context = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>;

/** Which unique index guards which sign-up field (for sign-ups that race past the pre-check). */
const UNIQUE_FIELDS: Record<string, 'username' | 'email'> = {
  users_username_lower_idx: 'username',
  users_email_lower_idx: 'email',
};

const INVALID_INVITATION = { errors: { invitation_code: [INVITATION_MESSAGES.codeInvalid] } };

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

/** What sign-up answers with: the new account, or for a taken address a look-alike (ADR 014). */
export type SignedUp = Pick<UserRow, 'id' | 'username' | 'email'>;
export type SignUpResult = { account: SignedUp } | { errors: FieldErrors };

/**
 * Creates an account from an invitation. The invitation is claimed and the account inserted in one
 * transaction, with the confirmation mail queued in it too: either all of it happens or none.
 * Without an open invitation nothing else is said (ADR 006). A taken username is reported (usernames
 * are public); a taken email is not: the answer looks like a new account's and the address's owner
 * is mailed instead (ADR 014). `browserLocale`, the language of the browser signing up, is the new
 * member's until they choose one: their confirmation mail is written in it (ADR 055).
 */
export async function signUp(
  context: Context,
  input: SignUpBody['user'],
  browserLocale: Locale | null,
): Promise<SignUpResult> {
  const code = input.invitation_code ?? '';
  const [invitationOpen, taken, passwordErrors] = await Promise.all([
    code ? isInvitationOpen(context.db, code) : Promise.resolve(false),
    findTaken(context.db, input.username, input.email),
    newPasswordErrors(input.password),
  ]);
  if (!invitationOpen) return INVALID_INVITATION;
  const errors: FieldErrors = {};
  if (taken.username) errors.username = [AUTH_MESSAGES.taken];
  if (passwordErrors.length > 0) errors.password = passwordErrors;
  if (Object.keys(errors).length > 0) return { errors };

  // Hashed for a taken address too, so both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  if (taken.email) return answerTakenEmail(context, code, input);
  const confirmationCode = newSecret();
  try {
    const user = await context.db.transaction(async (tx) => {
      const invitation = await claimInvitationForSignUp(tx, code);
      if (!invitation) return null;
      const created = await insertUser(tx, {
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        isAdmin: invitation.grantsAdmin,
        invitedById: invitation.inviterId,
        confirmationCodeHash: hashToken(confirmationCode),
        browserLocale,
      });
      await recordInvitationRecipient(tx, invitation, created.id);
      await enqueueMail(context, tx, {
        template: 'confirmation',
        to: created.email,
        locale: memberLocale(created),
        code: confirmationCode,
      });
      return created;
    });
    if (!user) return INVALID_INVITATION;
    return { account: user };
  } catch (error) {
    const field = UNIQUE_FIELDS[uniqueViolation(error) ?? ''];
    // The address was taken by a sign-up racing this one: answer as for any taken address.
    if (field === 'email') return answerTakenEmail(context, code, input);
    if (field) return { errors: { [field]: [AUTH_MESSAGES.taken] } };
    throw error;
  }
}

/**
 * The address already has an account. The invitation is spent exactly as a real sign-up spends it
 * (its inviter's list and /check_invitation must not tell the difference), the owner is told by
 * mail, and the answer carries a fresh id that names no account.
 */
async function answerTakenEmail(
  context: Context,
  code: string,
  input: SignUpBody['user'],
): Promise<SignUpResult> {
  const spent = await context.db.transaction(async (tx) => {
    if (!(await claimInvitationForSignUp(tx, code))) return false;
    // To the address's owner, in their language (the one signing up may not be them).
    const owner = await findUserByEmail(tx, input.email);
    await enqueueMail(context, tx, {
      template: 'sign_up_attempt',
      to: input.email,
      locale: owner ? memberLocale(owner) : SOURCE_LOCALE,
    });
    return true;
  });
  if (!spent) return INVALID_INVITATION;
  return { account: { id: randomUUID(), username: input.username, email: input.email } };
}

/**
 * Spends a confirmation code. False when it is unknown, used, replaced or older than 24 hours.
 * The member who invited the new one hears that they joined now, when the account is real (a
 * sign-up with a taken address never gets here, so the inviter learns nothing from it; ADR 014).
 * Groups the invitation carried are joined in the same transaction.
 */
export async function confirmEmail(db: Db, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await confirmByCode(tx, hashToken(code), DURATIONS.confirmationHours);
    if (!confirmed) return false;
    // Invited into groups along with Hearth: they are in now, with the roles chosen (ADR 041).
    await joinInvitedGroups(tx, confirmed.id);
    if (confirmed.invitedById) {
      await notify(tx, {
        recipientId: confirmed.invitedById,
        actorId: confirmed.id,
        kind: 'invitation_redeemed',
      });
    }
    return true;
  });
}

/**
 * Queues a fresh confirmation code for an unconfirmed account (the previous code stops working).
 * The job does nothing for unknown or confirmed addresses; the request path is the same for all.
 */
export async function resendConfirmation(context: Context, email: string): Promise<void> {
  await enqueueAccountRequest(context, 'confirmation', email);
}
