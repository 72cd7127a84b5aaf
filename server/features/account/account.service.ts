import { ACCOUNT_MESSAGES, type AccountSecurity, type ChangePasswordBody } from '../../../shared/api/account';
import { AUTH_MESSAGES } from '../../../shared/api/auth';
import { DURATIONS } from '../../../shared/domain/constants';
import type { AppContext } from '../../context';
import { uniqueViolation } from '../../db/errors';
import type { FieldErrors } from '../../http/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueMail } from '../mail/mail.job';
import { endAllSessions } from '../sessions/sessions.repo';
import { changePassword } from '../users/passwords.service';
import { findUserByEmail, memberLocale, type UserRow } from '../users/users.repo';
import {
  countUnusedRecoveryCodes,
  deleteEmailChange,
  deletePendingSignInsOf,
  findEmailChange,
  findTotp,
  replaceEmailChange,
  setEmail,
  takeEmailChange,
} from './account.repo';

type Context = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>;
type Member = Pick<UserRow, 'id' | 'email' | 'locale' | 'browserLocale'>;

/** What the Security settings show: the address, a pending change, and the second factor. */
export async function accountSecurity(
  context: Context,
  user: Pick<Member, 'id' | 'email'>,
): Promise<AccountSecurity> {
  const now = new Date();
  const [change, totp, recoveryLeft] = await Promise.all([
    findEmailChange(context.db, user.id, now),
    findTotp(context.db, user.id),
    countUnusedRecoveryCodes(context.db, user.id),
  ]);
  const enabled = Boolean(totp?.enabledAt);
  return {
    email: user.email,
    pending_email: change?.newEmail ?? null,
    pending_email_expires_at: change?.expiresAt.toISOString() ?? null,
    two_factor_enabled: enabled,
    recovery_codes_left: enabled ? recoveryLeft : 0,
  };
}

/**
 * Changes the password of a member who has just proved the current one: the password rules of
 * sign-up and reset, every other session and pending sign-in ended, a notice mailed (ADR 015).
 */
export async function changeAccountPassword(
  context: Context,
  user: Member,
  input: ChangePasswordBody['user'],
  keepSessionId: string,
): Promise<{ ok: true } | { errors: FieldErrors }> {
  if (input.password !== input.password_confirmation) {
    return { errors: { password_confirmation: [AUTH_MESSAGES.passwordMismatch] } };
  }
  const result = await changePassword(context, user, input.password, keepSessionId);
  if ('ok' in result) await deletePendingSignInsOf(context.db, user.id);
  return result;
}

/**
 * Starts moving the account to `newEmail`. The address changes only when the link mailed there is
 * followed. A taken address gets the same answer and a pending change that no link can complete;
 * its owner is mailed instead (ADR 014), so the form never tells who has an account.
 */
export async function requestEmailChange(
  context: Context,
  user: Member,
  newEmail: string,
): Promise<{ ok: true } | { errors: FieldErrors }> {
  if (newEmail.toLowerCase() === user.email.toLowerCase()) {
    return { errors: { email: [ACCOUNT_MESSAGES.sameEmail] } };
  }
  const taken = await findUserByEmail(context.db, newEmail);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + DURATIONS.emailChangeHours * 60 * 60 * 1000);
  await context.db.transaction(async (tx) => {
    await replaceEmailChange(tx, { userId: user.id, newEmail, tokenHash: hashToken(token), expiresAt });
    if (taken)
      await enqueueMail(context, tx, {
        template: 'email_change_attempt',
        to: taken.email,
        locale: memberLocale(taken),
      });
    else
      await enqueueMail(context, tx, {
        template: 'email_change',
        to: newEmail,
        locale: memberLocale(user),
        token,
      });
  });
  return { ok: true };
}

export async function cancelEmailChange(context: Context, user: Member): Promise<void> {
  await deleteEmailChange(context.db, user.id);
}

/**
 * Follows the link from the new mailbox: spends the token, moves the account, ends every other
 * session and tells the old address. False for an unknown, spent, expired or someone else's token,
 * and for an address taken since the request.
 */
export async function confirmEmailChange(
  context: Context,
  user: Member,
  token: string,
  keepSessionId: string,
): Promise<{ email: string } | null> {
  try {
    return await moveAccount(context, user, token, keepSessionId);
  } catch (error) {
    // The address was taken by a sign-up or another change racing this one: the link is spent.
    if (uniqueViolation(error) === 'users_email_lower_idx') {
      await deleteEmailChange(context.db, user.id);
      return null;
    }
    throw error;
  }
}

async function moveAccount(context: Context, user: Member, token: string, keepSessionId: string) {
  return context.db.transaction(async (tx) => {
    const change = await takeEmailChange(tx, user.id, hashToken(token), new Date());
    if (!change) return null;
    if (await findUserByEmail(tx, change.newEmail)) return null;
    await setEmail(tx, user.id, change.newEmail);
    await endAllSessions(tx, user.id, keepSessionId);
    await deletePendingSignInsOf(tx, user.id);
    await enqueueMail(context, tx, {
      template: 'email_changed',
      to: user.email,
      locale: memberLocale(user),
      newEmail: change.newEmail,
    });
    return { email: change.newEmail };
  });
}
