import {
  MarkReadResponseSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  NotificationsQuerySchema,
  UnreadCountSchema,
  UpdateNotificationPreferencesBodySchema,
} from '../../../shared/api/notifications';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { sendPage } from '../../http/kept-page';
import { decodeCursor } from '../../http/pagination';
import { listPreferences, savePreferences } from './notification-preferences';
import { presentNotification } from './notifications.presenter';
import {
  countUnreadLines,
  findOwnNotification,
  listNotificationLines,
  markAllRead,
  markLineRead,
} from './notifications.repo';

/** The Inbox: a member's notifications, their unread count, marking read, and mail preferences. */
export function registerNotificationRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.get(
    '/api/notifications',
    {
      preValidation: signedInOnly,
      schema: { querystring: NotificationsQuerySchema, response: { 200: NotificationListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { after, limit = LIMITS.pageSize } = request.query;
      const cursor = decodeCursor(after);
      // Kept until a table it read changes (ADR 042): another member's inbox being read keeps it.
      return sendPage(
        reply,
        context.database.readCache,
        `inbox:${JSON.stringify({ viewerId: user.id, cursor, limit })}`,
        {
          load: () => listNotificationLines(db, user.id, { cursor, limit }),
          limit,
          exactAt: (row) => row.createdAtExact,
          shownAt: (row) => row.createdAt,
          present: (page, now) => page.map((row) => presentNotification(row, now)),
        },
      );
    },
  );

  app.get(
    '/api/notifications/unread_count',
    { preValidation: signedInOnly, schema: { response: { 200: UnreadCountSchema } } },
    async (request) => ({ count: await countUnreadLines(db, requireUser(request).id) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      preValidation: signedInOnly,
      schema: { params: NotificationIdParamsSchema, response: { 200: MarkReadResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await findOwnNotification(db, user.id, request.params.id);
      if (!row) throw notFound();
      await markLineRead(db, user.id, row);
      return { count: await countUnreadLines(db, user.id) };
    },
  );

  app.post(
    '/api/notifications/read_all',
    { preValidation: signedInOnly, schema: { response: { 200: MarkReadResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await markAllRead(db, user.id);
      return { count: await countUnreadLines(db, user.id) };
    },
  );

  app.get(
    '/api/notification_preferences',
    { preValidation: signedInOnly, schema: { response: { 200: NotificationPreferencesSchema } } },
    async (request) => ({ preferences: await listPreferences(db, requireUser(request).id) }),
  );

  app.put(
    '/api/notification_preferences',
    {
      preValidation: signedInOnly,
      schema: {
        body: UpdateNotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await savePreferences(db, user.id, request.body.preferences);
      return { preferences: await listPreferences(db, user.id) };
    },
  );
}
