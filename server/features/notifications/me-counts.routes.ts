import { MeCountsSchema, type MeCounts } from '../../../shared/api/me-counts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { countPendingRequestsForModerator } from '../groups/groups.repo';
import { countMessageBadges } from '../conversations/conversations.repo';
import { countOpenReports } from '../reports/reports.repo';
import { loadReviewScope } from '../reports/reports.service';
import { countUnreadLines } from './notifications.repo';

/** GET /api/me/counts: the frame's badges, read in one transaction so they agree with each other. */
export function registerMeCountsRoutes(app: App, { db }: RouteContext) {
  app.get(
    '/api/me/counts',
    { preValidation: signedInOnly, schema: { response: { 200: MeCountsSchema } } },
    async (request, reply): Promise<MeCounts> => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return db.transaction(async (tx) => {
        const unread = await countUnreadLines(tx, user.id);
        const pending = await countPendingRequestsForModerator(tx, user.id);
        const scope = await loadReviewScope(tx, user);
        const messages = await countMessageBadges(tx, user.id);
        return {
          unread_notifications: unread,
          pending_group_requests: pending,
          reports: scope
            ? { can_review: true, open_count: await countOpenReports(tx, scope) }
            : { can_review: false, open_count: 0 },
          unread_messages: messages.unread,
          message_requests: messages.requests,
        };
      });
    },
  );
}
