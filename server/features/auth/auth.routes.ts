import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  TwoFactorChallengeSchema,
  TwoFactorSignInBodySchema,
} from '../../../shared/api/account';
import { SignedInSchema } from '../../../shared/api/account-deletion';
import { AUTH_MESSAGES, CurrentUserSchema, SignInBodySchema } from '../../../shared/api/auth';
import type { App, RouteContext } from '../../context';
import { clientSubject } from '../../http/client-ip';
import { forbidden, HttpError, invalidField } from '../../http/errors';
import { requireUser } from '../../http/auth';
import { logSecurityEvent, requestFields } from '../../http/security-events';
import { presentCurrentUser } from '../users/users.presenter';
import { checkCredentials } from './auth.service';
import { isKnownDevice, rememberDevice } from './known-devices';
import { isTotpEnabled } from '../account/totp.service';
import { cancelDeletionOnSignIn } from '../account-deletion/account-deletion.service';
import { guardSignIn, recordSignInFailure } from './sign-in.throttle';
import { completePendingSignIn, findPending, startPendingSignIn } from './two-factor-sign-in';

/** The session: who is signed in, signing in and out (spec section 7). */
export function registerAuthRoutes(app: App, context: RouteContext) {
  app.get('/api/auth', { schema: { response: { 200: CurrentUserSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return presentCurrentUser(user);
  });

  app.post(
    '/api/users/sign_in',
    {
      schema: {
        body: SignInBodySchema,
        response: { 200: z.union([SignedInSchema, TwoFactorChallengeSchema]) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body.user;
      const knownDevice = await isKnownDevice(context.db, request, email);
      const attempt = { email, client: clientSubject(request), knownDevice };
      await guardSignIn(context, attempt);
      const result = await checkCredentials(context.db, email, password);
      if (result.status === 'invalid_credentials') {
        await recordSignInFailure(context, attempt);
        // The address tried is not logged (docs/security.md "Security events" says why).
        logSecurityEvent(request.log, 'sign_in_failed', { ...requestFields(request), step: 'password' });
        throw new HttpError(401, { error: AUTH_MESSAGES.invalidCredentials });
      }
      if (result.status === 'unconfirmed') throw forbidden(AUTH_MESSAGES.unconfirmed);
      reply.header('cache-control', 'no-store');
      // With two-factor sign-in on, a right password only earns the code step, not a session.
      if (await isTotpEnabled(context, result.user.id)) return startPendingSignIn(context, result.user);
      await context.sessions.start(request, reply, result.user.id);
      await rememberDevice(context.db, context.config, request, reply, result.user.id);
      // Signing in during a deletion's grace period keeps the account (ADR 022).
      const deletionCancelled = await cancelDeletionOnSignIn(context, result.user);
      return { ...presentCurrentUser(result.user), deletion_cancelled: deletionCancelled };
    },
  );

  /**
   * The code step of a two-factor sign-in. Throttled like the password step: per client, per
   * account and client, and wrong codes per account (which devices the account knows skip).
   */
  app.post(
    '/api/users/sign_in/two_factor',
    { schema: { body: TwoFactorSignInBodySchema, response: { 200: SignedInSchema } } },
    async (request, reply) => {
      const input = request.body.user;
      const client = clientSubject(request);
      await context.throttle.hit('twoFactorIp', client);
      const pending = await findPending(context, input.sign_in_token);
      if (!pending) throw invalidField('sign_in_token', ACCOUNT_MESSAGES.signInExpired);
      const { user } = pending;
      await context.throttle.hit('twoFactorAccountIp', `${client} ${user.id}`);
      if (!(await isKnownDevice(context.db, request, user.email))) {
        await context.throttle.check('twoFactorAccountFailures', user.id);
      }
      const result = await completePendingSignIn(context, pending, input);
      if (result.status === 'expired') throw invalidField('sign_in_token', ACCOUNT_MESSAGES.signInExpired);
      if (result.status === 'wrong_code') {
        await context.throttle.record('twoFactorAccountFailures', user.id);
        logSecurityEvent(request.log, 'sign_in_failed', {
          ...requestFields(request),
          member_id: user.id,
          step: 'two_factor',
        });
        throw invalidField(input.code !== undefined ? 'code' : 'recovery_code', ACCOUNT_MESSAGES.codeWrong);
      }
      if (input.recovery_code !== undefined) {
        logSecurityEvent(request.log, 'recovery_code_used', {
          ...requestFields(request),
          member_id: user.id,
        });
      }
      await context.sessions.start(request, reply, user.id);
      await rememberDevice(context.db, context.config, request, reply, user.id);
      reply.header('cache-control', 'no-store');
      const deletionCancelled = await cancelDeletionOnSignIn(context, user);
      return { ...presentCurrentUser(user), deletion_cancelled: deletionCancelled };
    },
  );

  // Signing out while signed out succeeds too: the outcome (no session) is the same.
  app.delete('/api/users/sign_out', async (request, reply) => {
    await context.sessions.end(request, reply);
    return reply.status(204).send();
  });
}
