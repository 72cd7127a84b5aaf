import type { TwoFactorChallenge, TwoFactorSignInBody } from '../../../shared/api/account';
import { DURATIONS } from '../../../shared/domain/constants';
import type { AppContext } from '../../context';
import { hashToken, randomToken } from '../../lib/tokens';
import { deletePendingSignIn, findPendingSignIn, insertPendingSignIn } from '../account/account.repo';
import { spendRecoveryCode, verifyTotpCode } from '../account/totp.service';
import type { UserRow } from '../users/users.repo';

type Context = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config' | 'throttle'>;

/**
 * The password was right and the account asks for a second factor: a short-lived, single-use
 * token stands for "password checked" until the code comes. It is not a session and opens nothing.
 */
export async function startPendingSignIn(context: Context, user: UserRow): Promise<TwoFactorChallenge> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + DURATIONS.pendingSignInMinutes * 60 * 1000);
  await insertPendingSignIn(context.db, { userId: user.id, tokenHash: hashToken(token), expiresAt });
  return { two_factor_required: true, sign_in_token: token };
}

export type SecondStepResult =
  { status: 'signed_in'; user: UserRow } | { status: 'expired' } | { status: 'wrong_code'; user: UserRow };

/** The pending sign-in behind a token, if it is still live. */
export async function findPending(context: Context, token: string) {
  return findPendingSignIn(context.db, hashToken(token), new Date());
}

/**
 * Checks the app code (or spends a recovery code) for a live pending sign-in and, when right,
 * spends the pending sign-in too, so neither it nor the code can complete a second sign-in.
 */
export async function completePendingSignIn(
  context: Context,
  pending: NonNullable<Awaited<ReturnType<typeof findPending>>>,
  input: TwoFactorSignInBody['user'],
): Promise<SecondStepResult> {
  const { user } = pending;
  const right =
    input.code !== undefined
      ? await verifyTotpCode(context, user, input.code)
      : await spendRecoveryCode(context, user.id, input.recovery_code!);
  if (!right) return { status: 'wrong_code', user };
  if (!(await deletePendingSignIn(context.db, pending.pending.id))) return { status: 'expired' };
  return { status: 'signed_in', user };
}
