import { AUTH_MESSAGES, type PasswordResetBody, type SignUpBody } from '../../../shared/api/auth';
import { INVITATION_MESSAGES } from '../../../shared/api/invitations';
import { DURATIONS } from '../../../shared/domain/constants';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { FieldErrors } from '../../http/errors';
import { hashPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/tokens';
import {
  claimInvitationForSignUp,
  isInvitationOpen,
  recordInvitationRecipient,
} from '../invitations/invitations.service';
import { enqueueMail } from '../mail/mail.job';
import { endAllSessions } from '../sessions/sessions.repo';
import {
  confirmByCode,
  findTaken,
  findUserByEmail,
  hasLiveResetToken,
  insertUser,
  replaceConfirmationCode,
  replaceResetToken,
  resetPasswordByToken,
  type UserRow,
} from './users.repo';
import { uniqueViolation } from '../../db/errors';

type Context = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>;

/** Confirmation codes and reset tokens: 160 random bits, URL-safe; only their SHA-256 is stored. */
function newSecret(): string {
  return randomToken(20);
}

/** Which unique index guards which sign-up field (for sign-ups that race past the pre-check). */
const UNIQUE_FIELDS: Record<string, 'username' | 'email'> = {
  users_username_lower_idx: 'username',
  users_email_lower_idx: 'email',
};

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

export type SignUpResult = { user: UserRow } | { errors: FieldErrors };

/**
 * Creates an account from an invitation. The invitation is claimed and the account inserted in one
 * transaction, with the confirmation mail queued in it too: either all of it happens or none.
 * Uniqueness is checked up front for friendly errors, and again by the unique indexes for races.
 * Both lookups always run, so without an invitation the timing does not tell whether an account exists.
 */
export async function signUp(context: Context, input: SignUpBody['user']): Promise<SignUpResult> {
  const code = input.invitation_code ?? '';
  const [invitationOpen, taken] = await Promise.all([
    code ? isInvitationOpen(context.db, code) : Promise.resolve(false),
    findTaken(context.db, input.username, input.email),
  ]);
  // Without an open invitation, say nothing about which usernames and emails have accounts (ADR 006).
  if (!invitationOpen) return { errors: { invitation_code: [INVITATION_MESSAGES.codeInvalid] } };
  const errors: FieldErrors = {};
  if (taken.username) errors.username = [AUTH_MESSAGES.taken];
  if (taken.email) errors.email = [AUTH_MESSAGES.taken];
  if (Object.keys(errors).length > 0) return { errors };

  const passwordHash = await hashPassword(input.password);
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
      });
      await recordInvitationRecipient(tx, invitation, created.id);
      await enqueueMail(context, tx, { template: 'confirmation', to: created.email, code: confirmationCode });
      return created;
    });
    if (!user) return { errors: { invitation_code: [INVITATION_MESSAGES.codeInvalid] } };
    return { user };
  } catch (error) {
    const field = UNIQUE_FIELDS[uniqueViolation(error) ?? ''];
    if (field) return { errors: { [field]: [AUTH_MESSAGES.taken] } };
    throw error;
  }
}

/** Spends a confirmation code. False when it is unknown, used, replaced or older than 24 hours. */
export async function confirmEmail(db: DbOrTx, code: string): Promise<boolean> {
  return Boolean(await confirmByCode(db, hashToken(code), DURATIONS.confirmationHours));
}

/**
 * Mails a fresh confirmation code to an unconfirmed account (the previous code stops working).
 * Does nothing for unknown or confirmed addresses; the caller answers the same either way.
 */
export async function resendConfirmation(context: Context, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user || user.confirmedAt) return;
  const code = newSecret();
  await context.db.transaction(async (tx) => {
    await replaceConfirmationCode(tx, user.id, hashToken(code));
    await enqueueMail(context, tx, { template: 'confirmation', to: user.email, code });
  });
}

/** Mails a reset token when the address has an account; says nothing either way. */
export async function requestPasswordReset(context: Context, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user) return;
  const token = newSecret();
  await context.db.transaction(async (tx) => {
    await replaceResetToken(tx, user.id, hashToken(token));
    await enqueueMail(context, tx, { template: 'password_reset', to: user.email, token });
  });
}

export type ResetPasswordResult = { userId: string } | { errors: FieldErrors };

/**
 * Sets a new password with a live reset token, spends the token, confirms the email (the member
 * proved they read the mailbox) and ends every session of the account, all in one transaction.
 */
export async function resetPassword(
  context: Pick<AppContext, 'db'>,
  input: PasswordResetBody['user'],
): Promise<ResetPasswordResult> {
  const tokenHash = hashToken(input.reset_password_token);
  const errors: FieldErrors = {};
  if (input.password !== input.password_confirmation)
    errors.password_confirmation = [AUTH_MESSAGES.passwordMismatch];
  if (!(await hasLiveResetToken(context.db, tokenHash, DURATIONS.resetHours))) {
    errors.reset_password_token = [AUTH_MESSAGES.tokenInvalid];
  }
  if (Object.keys(errors).length > 0) return { errors };

  const passwordHash = await hashPassword(input.password);
  const userId = await context.db.transaction(async (tx) => {
    const id = await resetPasswordByToken(tx, tokenHash, passwordHash, DURATIONS.resetHours);
    if (id) await endAllSessions(tx, id);
    return id;
  });
  if (!userId) return { errors: { reset_password_token: [AUTH_MESSAGES.tokenInvalid] } };
  return { userId };
}
