import { AUTH_MESSAGES, CurrentUserSchema, SignInBodySchema } from '../../../shared/api/auth';
import type { App, RouteContext } from '../../app';
import { clientSubject } from '../../http/client-ip';
import { forbidden, HttpError } from '../../http/errors';
import { requireUser } from '../../http/auth';
import { presentCurrentUser } from '../users/users.presenter';
import { checkCredentials } from './auth.service';
import { isKnownDevice, rememberDevice } from './known-devices';
import { guardSignIn, recordSignInFailure } from './sign-in.throttle';

/** The session: who is signed in, signing in and out (spec section 7). */
export function registerAuthRoutes(app: App, context: RouteContext) {
  app.get('/api/auth', { schema: { response: { 200: CurrentUserSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return presentCurrentUser(user);
  });

  app.post(
    '/api/users/sign_in',
    { schema: { body: SignInBodySchema, response: { 200: CurrentUserSchema } } },
    async (request, reply) => {
      const { email, password } = request.body.user;
      const knownDevice = await isKnownDevice(context.db, request, email);
      const attempt = { email, client: clientSubject(request), knownDevice };
      await guardSignIn(context, attempt);
      const result = await checkCredentials(context.db, email, password);
      if (result.status === 'invalid_credentials') {
        await recordSignInFailure(context, attempt);
        throw new HttpError(401, { error: AUTH_MESSAGES.invalidCredentials });
      }
      if (result.status === 'unconfirmed') throw forbidden(AUTH_MESSAGES.unconfirmed);
      await context.sessions.start(request, reply, result.user.id);
      await rememberDevice(context.db, context.config, request, reply, result.user.id);
      reply.header('cache-control', 'no-store');
      return presentCurrentUser(result.user);
    },
  );

  // Signing out while signed out succeeds too: the outcome (no session) is the same.
  app.delete('/api/users/sign_out', async (request, reply) => {
    await context.sessions.end(request, reply);
    return reply.status(204).send();
  });
}
