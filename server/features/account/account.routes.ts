import {
  ACCOUNT_MESSAGES,
  AccountSecuritySchema,
  AccountSessionListSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  DisableTwoFactorBodySchema,
  EmailChangeConfirmationBodySchema,
  PasswordConfirmationBodySchema,
  RecoveryCodesSchema,
  SessionParamsSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupSchema,
} from '../../../shared/api/account';
import { MessageResponseSchema } from '../../../shared/api/auth';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { HttpError, invalidField, notFound, unprocessable } from '../../http/errors';
import { logSecurityEvent, requestFields } from '../../http/security-events';
import { endAllSessions, endSessionOf, listLiveSessions } from '../sessions/sessions.repo';
import { presentAccountSession } from './account-sessions.presenter';
import {
  accountSecurity,
  cancelEmailChange,
  changeAccountPassword,
  confirmEmailChange,
  requestEmailChange,
} from './account.service';
import { requireCurrentPassword } from './reauth';
import {
  confirmTotpEnrolment,
  disableTotp,
  isTotpEnabled,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  verifySecondFactor,
} from './totp.service';

/** Account security (settings → Security): password, email, sessions and two-factor sign-in. */
export function registerAccountRoutes(app: App, context: RouteContext) {
  const { db, throttle } = context;
  const member = { preValidation: signedInOnly };
  /** Every route here runs on a session; this names it (the one "This device" keeps). */
  const sessionOf = (request: { sessionId: string | null }) => request.sessionId!;

  app.get(
    '/api/account/security',
    { ...member, schema: { response: { 200: AccountSecuritySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accountSecurity(context, requireUser(request));
    },
  );

  app.patch(
    '/api/account/password',
    { ...member, schema: { body: ChangePasswordBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await requireCurrentPassword(context, request, user, request.body.user.current_password);
      const result = await changeAccountPassword(context, user, request.body.user, sessionOf(request));
      if ('errors' in result) throw unprocessable(result.errors);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  app.post(
    '/api/account/email',
    { ...member, schema: { body: ChangeEmailBodySchema, response: { 202: AccountSecuritySchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('mailEmail', `email-change:${user.id}`);
      await requireCurrentPassword(context, request, user, request.body.user.current_password);
      const result = await requestEmailChange(context, user, request.body.user.email);
      if ('errors' in result) throw unprocessable(result.errors);
      return reply.status(202).send(await accountSecurity(context, user));
    },
  );

  app.delete('/api/account/email', member, async (request, reply) => {
    await cancelEmailChange(context, requireUser(request));
    return reply.status(204).send();
  });

  app.post(
    '/api/account/email/confirmation',
    {
      ...member,
      schema: { body: EmailChangeConfirmationBodySchema, response: { 200: AccountSecuritySchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle.hit('confirmIp', `email-change:${user.id}`);
      const changed = await confirmEmailChange(context, user, request.body.user.token, sessionOf(request));
      if (!changed) throw new HttpError(422, { error: ACCOUNT_MESSAGES.emailChangeInvalid });
      return accountSecurity(context, { id: user.id, email: changed.email });
    },
  );

  app.get(
    '/api/account/sessions',
    { ...member, schema: { response: { 200: AccountSessionListSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      const now = new Date();
      const rows = await listLiveSessions(db, user.id, now);
      return rows.map((row) => presentAccountSession(row, request.sessionId, now));
    },
  );

  // Signing out every other device: this one stays.
  app.delete('/api/account/sessions', member, async (request, reply) => {
    const user = requireUser(request);
    await endAllSessions(db, user.id, sessionOf(request));
    return reply.status(204).send();
  });

  app.delete(
    '/api/account/sessions/:id',
    { ...member, schema: { params: SessionParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.params.id === request.sessionId) {
        await context.sessions.end(request, reply);
        return reply.status(204).send();
      }
      // Another member's session is as unknown as one that never existed.
      if (!(await endSessionOf(db, user.id, request.params.id))) throw notFound();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/two_factor',
    {
      ...member,
      schema: { body: PasswordConfirmationBodySchema, response: { 200: TwoFactorSetupSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      // A session alone must not enrol an authenticator: whoever borrows a signed-in laptop could
      // then take the recovery codes and lock the owner out (a password reset keeps the factor).
      await requireCurrentPassword(context, request, user, request.body.user.current_password);
      const setup = await startTotpEnrolment(context, user);
      if (!setup) throw invalidField('base', 'Two-factor sign-in is already on.');
      reply.header('cache-control', 'no-store');
      return setup;
    },
  );

  app.post(
    '/api/account/two_factor/confirmation',
    { ...member, schema: { body: TwoFactorCodeBodySchema, response: { 200: RecoveryCodesSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('twoFactorAccountIp', `enrol ${user.id}`);
      const codes = await confirmTotpEnrolment(context, user, request.body.user.code);
      if (!codes) throw invalidField('code', ACCOUNT_MESSAGES.codeWrong);
      logSecurityEvent(request.log, 'two_factor_enabled', requestFields(request));
      reply.header('cache-control', 'no-store');
      return codes;
    },
  );

  app.delete(
    '/api/account/two_factor',
    { ...member, schema: { body: DisableTwoFactorBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await requireCurrentPassword(context, request, user, request.body.user.current_password);
      if (!(await isTotpEnabled(context, user.id))) throw notFound();
      await throttle.hit('twoFactorAccountIp', `disable ${user.id}`);
      if (!(await verifySecondFactor(context, user, request.body.user.code))) {
        throw invalidField('code', ACCOUNT_MESSAGES.codeWrong);
      }
      await disableTotp(context, user);
      logSecurityEvent(request.log, 'two_factor_disabled', requestFields(request));
      return { message: ACCOUNT_MESSAGES.twoFactorDisabled };
    },
  );

  app.post(
    '/api/account/two_factor/recovery_codes',
    {
      ...member,
      schema: { body: PasswordConfirmationBodySchema, response: { 200: RecoveryCodesSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await requireCurrentPassword(context, request, user, request.body.user.current_password);
      if (!(await isTotpEnabled(context, user.id))) throw notFound();
      reply.header('cache-control', 'no-store');
      const codes = await regenerateRecoveryCodes(context, user);
      logSecurityEvent(request.log, 'recovery_codes_regenerated', requestFields(request));
      return codes;
    },
  );
}
