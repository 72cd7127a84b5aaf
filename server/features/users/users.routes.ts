import {
  AUTH_MESSAGES,
  ConfirmationQuerySchema,
  EmailBodySchema,
  MessageResponseSchema,
  PasswordResetBodySchema,
  SignUpBodySchema,
  SignUpResponseSchema,
} from '../../../shared/api/auth';
import { acceptedLanguages, preferredLocale } from '../../../shared/domain/locales';
import type { App, RouteContext } from '../../context';
import { clientSubject } from '../../http/client-ip';
import { HttpError, unprocessable } from '../../http/errors';
import { presentSignUp } from './users.presenter';
import { requestPasswordReset, resetPassword } from './passwords.service';
import { confirmEmail, resendConfirmation, signUp } from './users.service';

/** Accounts: sign-up, email confirmation and password reset (spec section 7). */
export function registerUsersRoutes(app: App, context: RouteContext) {
  const { throttle } = context;

  app.post(
    '/api/users',
    { schema: { body: SignUpBodySchema, response: { 201: SignUpResponseSchema } } },
    async (request, reply) => {
      const input = request.body.user;
      await throttle.hit('signUpIp', clientSubject(request));
      await throttle.hit('signUpEmail', input.email);
      // The language the new member's mail is written in until they choose one (ADR 055).
      const browserLocale = preferredLocale(acceptedLanguages(request.headers['accept-language']));
      const result = await signUp(context, input, browserLocale);
      if ('errors' in result) throw unprocessable(result.errors);
      return reply.status(201).send(presentSignUp(result.account, AUTH_MESSAGES.signedUp));
    },
  );

  app.get(
    '/api/users/confirmation',
    { schema: { querystring: ConfirmationQuerySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await throttle.hit('confirmIp', clientSubject(request));
      const confirmed = await confirmEmail(context.db, request.query.confirmation_token);
      // The spec's confirmation screen reads `error` from the failure, so this 422 carries one.
      if (!confirmed) throw new HttpError(422, { error: AUTH_MESSAGES.confirmationInvalid });
      return { message: AUTH_MESSAGES.confirmed };
    },
  );

  app.post(
    '/api/users/confirmation',
    { schema: { body: EmailBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const { email } = request.body.user;
      await throttle.hit('mailIp', clientSubject(request));
      await throttle.hit('mailEmail', `confirmation:${email}`);
      await resendConfirmation(context, email);
      return { message: AUTH_MESSAGES.confirmationSent };
    },
  );

  app.post(
    '/api/users/password',
    { schema: { body: EmailBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const { email } = request.body.user;
      await throttle.hit('mailIp', clientSubject(request));
      await throttle.hit('mailEmail', `reset:${email}`);
      await requestPasswordReset(context, email);
      return { message: AUTH_MESSAGES.resetRequested };
    },
  );

  app.patch(
    '/api/users/password',
    { schema: { body: PasswordResetBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await throttle.hit('resetIp', clientSubject(request));
      const result = await resetPassword(context, request.body.user);
      if ('errors' in result) throw unprocessable(result.errors);
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );
}
