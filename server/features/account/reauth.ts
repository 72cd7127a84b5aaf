import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../shared/api/account';
import type { RouteContext } from '../../context';
import type { CurrentUser } from '../../http/auth';
import { clientSubject } from '../../http/client-ip';
import { invalidField } from '../../http/errors';
import { verifyPassword } from '../../lib/passwords';
import { guardSignIn, recordSignInFailure } from '../auth/sign-in.throttle';

/**
 * The current password, asked again before a change that could lock the member out or hand the
 * account over. Throttled exactly as sign-in is (per client, per account and client, a growing
 * delay and the burst mail): a stolen session must not become a password-guessing oracle. The
 * session counts as a device the account knows, so others' failures never block the member here.
 */
export async function requireCurrentPassword(
  context: RouteContext,
  request: FastifyRequest,
  user: CurrentUser,
  password: string,
): Promise<void> {
  const attempt = { email: user.email, client: clientSubject(request), knownDevice: true };
  await guardSignIn(context, attempt);
  if (await verifyPassword(user.passwordHash, password)) return;
  await recordSignInFailure(context, attempt);
  throw invalidField('current_password', ACCOUNT_MESSAGES.currentPasswordWrong);
}
