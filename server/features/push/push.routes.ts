import {
  CreatePushSubscriptionBodySchema,
  PushPublicKeySchema,
  PushSettingsSchema,
  PushSubscriptionListSchema,
  PushSubscriptionParamsSchema,
  PushSubscriptionSchema,
  UpdatePushSettingsBodySchema,
} from '../../../shared/api/push';
import { canonicalTimeZone } from '../../../shared/domain/time-zones';
import { checkUrl, SafeFetchError } from '../../adapters/safe-fetch/safe-fetch';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { invalidField, notFound } from '../../http/errors';
import { presentPushSubscription } from './push.presenter';
import {
  deleteOwnSubscription,
  findPushSettings,
  listSubscriptions,
  type PushSettingsRow,
  savePushSettings,
  saveSubscription,
} from './push.repo';
import { clockOfMinutes, minutesOfClock } from './quiet-hours';
import { vapidKeys } from './vapid-keys';

/** Devices one member may have subscribed at once; a browser that renews reuses its row. */
export const MAX_PUSH_DEVICES = 20;

const NOT_A_PUSH_SERVICE = 'must be a push service on the internet';

/** Web Push (ADR 052): the server's public key, the member's devices, and their quiet hours. */
export function registerPushRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.get(
    '/api/push/public_key',
    { preValidation: signedInOnly, schema: { response: { 200: PushPublicKeySchema } } },
    async () => ({ public_key: vapidKeys(context.config).publicKey }),
  );

  app.get(
    '/api/push_subscriptions',
    { preValidation: signedInOnly, schema: { response: { 200: PushSubscriptionListSchema } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await listSubscriptions(db, user.id);
      return rows.map((row) => presentPushSubscription(row, request.sessionId));
    },
  );

  app.post(
    '/api/push_subscriptions',
    {
      preValidation: signedInOnly,
      schema: {
        body: CreatePushSubscriptionBodySchema,
        response: { 200: PushSubscriptionSchema, 201: PushSubscriptionSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { endpoint, keys } = request.body.push_subscription;
      refuseUnreachable(endpoint, context.config.push.allowLoopback);
      const devices = await listSubscriptions(db, user.id);
      if (devices.filter((device) => device.endpoint !== endpoint).length >= MAX_PUSH_DEVICES) {
        throw invalidField('base', `You can receive notifications on at most ${MAX_PUSH_DEVICES} devices.`);
      }
      const { row, created } = await saveSubscription(db, {
        userId: user.id,
        sessionId: request.sessionId!,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      });
      return reply.status(created ? 201 : 200).send(presentPushSubscription(row, request.sessionId));
    },
  );

  app.delete(
    '/api/push_subscriptions/:id',
    { preValidation: signedInOnly, schema: { params: PushSubscriptionParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      if (!(await deleteOwnSubscription(db, user.id, request.params.id))) throw notFound();
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/push_settings',
    { preValidation: signedInOnly, schema: { response: { 200: PushSettingsSchema } } },
    async (request) => presentSettings(await findPushSettings(db, requireUser(request).id)),
  );

  app.put(
    '/api/push_settings',
    {
      preValidation: signedInOnly,
      schema: { body: UpdatePushSettingsBodySchema, response: { 200: PushSettingsSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const asked = request.body.quiet_hours;
      let quiet = null;
      if (asked) {
        const timeZone = canonicalTimeZone(asked.time_zone);
        if (!timeZone) throw invalidField('time_zone', 'is not a time zone');
        quiet = { start: minutesOfClock(asked.start), end: minutesOfClock(asked.end), timeZone };
      }
      const settings = { quiet, hideContents: request.body.hide_contents };
      await savePushSettings(db, user.id, settings);
      return presentSettings(settings);
    },
  );
}

function presentSettings({ quiet, hideContents }: PushSettingsRow) {
  return {
    quiet_hours: quiet
      ? { start: clockOfMinutes(quiet.start), end: clockOfMinutes(quiet.end), time_zone: quiet.timeZone }
      : null,
    hide_contents: hideContents,
  };
}

/**
 * The link fetcher's rule at the door (the connection's own lookup enforces it again at each push):
 * no address literal or `localhost` name outside the public internet, only the default port.
 */
function refuseUnreachable(endpoint: string, allowLoopback: boolean) {
  try {
    checkUrl(endpoint, { allowLoopback });
  } catch (error) {
    if (error instanceof SafeFetchError) throw invalidField('endpoint', NOT_A_PUSH_SERVICE);
    throw error;
  }
  const host = new URL(endpoint).hostname.toLowerCase().replace(/\.$/, '');
  if (!allowLoopback && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw invalidField('endpoint', NOT_A_PUSH_SERVICE);
  }
}
