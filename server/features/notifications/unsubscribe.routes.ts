import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALL_NOTIFICATION_MAILS_LABEL,
  NOTIFICATION_KIND_LABELS,
  UNSUBSCRIBE_MESSAGES,
  type UnsubscribeInfo,
  UnsubscribeInfoSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
  type UnsubscribeScope,
} from '../../../shared/api/notifications';
import type { App, RouteContext } from '../../context';
import { badRequest } from '../../http/errors';
import { memberExists } from '../profiles/profiles.repo';
import { savePreferences, turnAllOff } from './notification-preferences';
import { unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token';

function describe(scope: UnsubscribeScope): UnsubscribeInfo {
  return { scope, label: scope === 'all' ? ALL_NOTIFICATION_MAILS_LABEL : NOTIFICATION_KIND_LABELS[scope] };
}

/**
 * One-click unsubscribe from notification mail, by the signed token in the mail; no session.
 * GET describes what the link stops and changes nothing (mail scanners follow links); POST applies
 * it, from the confirm page or straight from a mail program (RFC 8058: a form-encoded
 * `List-Unsubscribe=One-Click` body to the List-Unsubscribe address).
 */
export function registerUnsubscribeRoutes(app: App, context: RouteContext) {
  const { db } = context;

  async function check(token: string) {
    const checked = verifyUnsubscribeToken(unsubscribeKey(context.config), token);
    if (!checked.ok) throw badRequest(UNSUBSCRIBE_MESSAGES[checked.reason]);
    if (!(await memberExists(db, checked.userId))) throw badRequest(UNSUBSCRIBE_MESSAGES.invalid);
    return checked;
  }

  app.get(
    '/api/unsubscribe',
    { schema: { querystring: UnsubscribeQuerySchema, response: { 200: UnsubscribeInfoSchema } } },
    async (request) => describe((await check(request.query.token)).scope),
  );

  // A scope of its own: mail programs post a form body, which other API routes refuse.
  void app.register(async (scoped) => {
    const scope = scoped.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, {}),
    );
    scope.post(
      '/api/unsubscribe',
      {
        // The signed token is the authority; mail programs send neither the XHR marker nor JSON.
        config: { xhrMarker: false, anyBody: true },
        schema: { querystring: UnsubscribeQuerySchema, response: { 200: UnsubscribeResultSchema } },
      },
      async (request) => {
        const checked = await check(request.query.token);
        if (checked.scope === 'all') await turnAllOff(db, checked.userId);
        else await savePreferences(db, checked.userId, [{ kind: checked.scope, delivery: 'off' }]);
        return { ...describe(checked.scope), unsubscribed: true as const };
      },
    );
  });
}
