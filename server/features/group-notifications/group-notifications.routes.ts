import { GroupSchema, NotificationLevelBodySchema } from '../../../shared/api/groups';
import { IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { presentGroup } from '../groups/groups.presenter';
import { markRead, setNotificationLevel } from './group-notifications.service';

/**
 * Knowing when a group speaks (ADR 045): a member's notification level per group, and the mark up
 * to which they have read its timeline. Both answer the group (its `notification_level`,
 * `notification_level_default` and `unread_count` included); non-members get 404.
 */
export function registerGroupNotificationRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };

  app.put(
    '/api/groups/:id/notification_level',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: NotificationLevelBodySchema, response: { 200: GroupSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { level } = request.body.notification_level;
      return presentGroup(await setNotificationLevel(db, request.params.id, user.id, level));
    },
  );

  /** Sent by the group page when it shows the newest posts; not throttled, like marking the inbox read. */
  app.post(
    '/api/groups/:id/read',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: GroupSchema } } },
    async (request) => {
      const user = requireUser(request);
      return presentGroup(await markRead(db, request.params.id, user.id));
    },
  );
}
