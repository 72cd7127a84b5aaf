import { AUTH_MESSAGES, type PasswordResetBody } from '../../../shared/api/auth';
import { DURATIONS } from '../../../shared/domain/constants';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { FieldErrors } from '../../http/errors';
import { isGuessablePassword } from '../../lib/common-passwords';
import { hashPassword, needsRehash } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { joinInvitedGroups } from '../group-invitations/group-invitations.service';
import { enqueueMail } from '../mail/mail.job';
import { endAllSessions } from '../sessions/sessions.repo';
import { enqueueAccountRequest } from './account-requests.job';
import {
  hasLiveResetToken,
  memberLocale,
  resetPasswordByToken,
  setPasswordHash,
  type UserRow,
} from './users.repo';

type Context = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>;

/**
 * What is wrong with a new password beyond its length (which the contract checks): the one rule for
 * sign-up, reset and any later change. The list is server-side only: the web app learns of it from
 * the 422 (it has no strength meter), and ~49,000 words stay out of the browser's bundle.
 */
export async function newPasswordErrors(password: string): Promise<string[]> {
  return (await isGuessablePassword(password)) ? [AUTH_MESSAGES.passwordTooCommon] : [];
}

/** Mails the owner that their password changed, in the transaction that changed it, in their language. */
export async function enqueuePasswordChangedNotice(
  context: Context,
  tx: DbOrTx,
  owner: Pick<UserRow, 'email' | 'locale' | 'browserLocale'>,
) {
  await enqueueMail(context, tx, {
    template: 'password_changed',
    to: owner.email,
    locale: memberLocale(owner),
  });
}

/** Queues the reset mail; answers the same whether or not the address has an account. */
export async function requestPasswordReset(context: Context, email: string): Promise<void> {
  await enqueueAccountRequest(context, 'password_reset', email);
}

export type ResetPasswordResult = { userId: string } | { errors: FieldErrors };

/**
 * Sets a new password with a live reset token, spends the token, confirms the email (the member
 * proved they read the mailbox), ends every session of the account and mails a notice, all in one
 * transaction.
 */
export async function resetPassword(
  context: Context,
  input: PasswordResetBody['user'],
): Promise<ResetPasswordResult> {
  const tokenHash = hashToken(input.reset_password_token);
  const errors: FieldErrors = {};
  const passwordErrors = await newPasswordErrors(input.password);
  if (passwordErrors.length > 0) errors.password = passwordErrors;
  if (input.password !== input.password_confirmation)
    errors.password_confirmation = [AUTH_MESSAGES.passwordMismatch];
  if (!(await hasLiveResetToken(context.db, tokenHash, DURATIONS.resetHours))) {
    errors.reset_password_token = [AUTH_MESSAGES.tokenInvalid];
  }
  if (Object.keys(errors).length > 0) return { errors };

  const passwordHash = await hashPassword(input.password);
  const user = await context.db.transaction(async (tx) => {
    const changed = await resetPasswordByToken(tx, tokenHash, passwordHash, DURATIONS.resetHours);
    if (!changed) return undefined;
    await endAllSessions(tx, changed.id);
    // A reset confirms the address too (its owner read the mail): groups the invitation carried
    // are joined now, as at confirmation (ADR 041).
    await joinInvitedGroups(tx, changed.id);
    await enqueuePasswordChangedNotice(context, tx, changed);
    return changed;
  });
  if (!user) return { errors: { reset_password_token: [AUTH_MESSAGES.tokenInvalid] } };
  return { userId: user.id };
}

/**
 * For the settings form's "change password" (not built yet): the caller has already checked the
 * current password. Applies the same rules as reset, ends every other session (the caller passes
 * the one to keep) and mails the notice.
 */
export async function changePassword(
  context: Context,
  user: Pick<UserRow, 'id' | 'email' | 'locale' | 'browserLocale'>,
  newPassword: string,
  keepSessionId?: string,
): Promise<{ ok: true } | { errors: FieldErrors }> {
  const passwordErrors = await newPasswordErrors(newPassword);
  if (passwordErrors.length > 0) return { errors: { password: passwordErrors } };
  const passwordHash = await hashPassword(newPassword);
  await context.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await endAllSessions(tx, user.id, keepSessionId);
    await enqueuePasswordChangedNotice(context, tx, user);
  });
  return { ok: true };
}

/**
 * After a successful sign-in, replaces a hash made with older argon2 parameters (ASVS V6.2: keep
 * stored hashes at the current cost). The password is known only now, so this is the moment.
 */
export async function upgradePasswordHash(db: DbOrTx, user: UserRow, password: string): Promise<void> {
  if (!needsRehash(user.passwordHash)) return;
  await setPasswordHash(db, user.id, await hashPassword(password), user.passwordHash);
}
