import { ACCOUNT_MESSAGES } from '../../../shared/api/account';
import { AccountDeletionBodySchema, AccountDeletionStateSchema } from '../../../shared/api/account-deletion';
import { BLANK } from '../../../shared/api/fields';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { invalidField } from '../../http/errors';
import { requireCurrentPassword } from '../account/reauth';
import { isTotpEnabled, verifySecondFactor } from '../account/totp.service';
import { deletionBlockedReason, deletionState, scheduleAccountDeletion } from './account-deletion.service';

/** "Delete my account" (settings → Your data, ADR 022). */
export function registerAccountDeletionRoutes(app: App, context: RouteContext) {
  const member = { preValidation: signedInOnly };

  app.get(
    '/api/account/deletion',
    { ...member, schema: { response: { 200: AccountDeletionStateSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deletionState(context, requireUser(request));
    },
  );

  /**
   * Schedules the deletion. The current password (throttled as sign-in is) and, with two-factor
   * sign-in on, a code: a session left open on a shared computer must not be enough to erase a member.
   */
  app.post(
    '/api/account/deletion',
    { ...member, schema: { body: AccountDeletionBodySchema, response: { 202: AccountDeletionStateSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const blocked = await deletionBlockedReason(context, user);
      if (blocked) throw invalidField('base', blocked);
      await requireCurrentPassword(context, request, user, request.body.user.current_password);
      if (await isTotpEnabled(context, user.id)) {
        const code = request.body.user.code;
        if (!code) throw invalidField('code', BLANK);
        await context.throttle.hit('twoFactorAccountIp', `delete ${user.id}`);
        if (!(await verifySecondFactor(context, user, code))) {
          throw invalidField('code', ACCOUNT_MESSAGES.codeWrong);
        }
      }
      const scheduled = await scheduleAccountDeletion(context, user);
      // Every session has ended; this one's cookie goes too, so the browser is signed out.
      await context.sessions.end(request, reply);
      return reply.status(202).send({ ...(await deletionState(context, user)), scheduled });
    },
  );
}
