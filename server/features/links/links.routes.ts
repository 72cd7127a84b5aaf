import { LIMITS } from '../../../shared/domain/constants';
import {
  CreateLinkBodySchema,
  CreateLinkResponseSchema,
  LinkIdParamsSchema,
  LinkListSchema,
  LinkSchema,
  LinkTimelineQuerySchema,
} from '../../../shared/api/links';
import { DeletedResponseSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { decodeCursor, paginate } from '../../http/pagination';
import { findGroupWithRole } from '../groups/memberships';
import { registerLinkCommentRoutes } from './link-comments.routes';
import { registerLinkLikeRoutes } from './link-likes.routes';
import { sendLeadImage } from './lead-image.serve';
import { registerPublishedLinkRoutes } from './published-links.routes';
import { presentLink, presentLinks } from './links.presenter';
import { listLinkTimeline } from './links.repo';
import { createLink, loadVisibleLink, removeLink, retryFailedLink } from './links.service';

/** Links (spec section 7): the timeline, one link, sharing, retrying and removing; then comments and likes. */
export function registerLinkRoutes(app: App, context: RouteContext) {
  const { db } = context;

  /**
   * Every link the member may see, newest first; with `group_id`, the links shared into that group
   * (ADR 046), for its members only (404 for anyone else, as the group's posts).
   */
  app.get(
    '/api/links',
    {
      preValidation: signedInOnly,
      schema: { querystring: LinkTimelineQuerySchema, response: { 200: LinkListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { group_id: groupId, after, limit = LIMITS.pageSize } = request.query;
      const cursor = decodeCursor(after);
      if (groupId) {
        const group = await findGroupWithRole(db, groupId, user.id, context.database.readCache);
        if (!group?.role) throw notFound();
      }
      const rows = await listLinkTimeline(db, { viewerId: user.id, cursor, limit, groupId });
      return presentLinks(
        paginate(reply, rows, limit, (row) => row.createdAtExact),
        user.id,
      );
    },
  );

  app.post(
    '/api/links',
    {
      preValidation: signedInOnly,
      schema: { body: CreateLinkBodySchema, response: { 201: CreateLinkResponseSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      // Each link makes Hearth fetch a page from the internet: a budget of its own.
      await context.throttle.hit('linkShares', user.id);
      const { id, earlier } = await createLink(context, user.id, request.body);
      return reply.status(201).send({ id, earlier_links: presentLinks(earlier, user.id) });
    },
  );

  app.get(
    '/api/links/:id',
    { preValidation: signedInOnly, schema: { params: LinkIdParamsSchema, response: { 200: LinkSchema } } },
    async (request) => {
      const user = requireUser(request);
      return presentLink(await loadVisibleLink(db, request.params.id, user.id), user.id);
    },
  );

  /** Hearth's copy of the link's lead image, for whoever may see the link. */
  app.get(
    '/api/links/:id/lead_image',
    { preValidation: signedInOnly, schema: { params: LinkIdParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      return sendLeadImage(context, reply, await loadVisibleLink(db, request.params.id, user.id), false);
    },
  );

  app.delete(
    '/api/links/:id',
    {
      preValidation: signedInOnly,
      schema: { params: LinkIdParamsSchema, response: { 200: DeletedResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await removeLink(context, request.params.id, user.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  /** The owner reads a failed link again; answers the link as it is now. */
  app.post(
    '/api/links/:id/retry',
    { preValidation: signedInOnly, schema: { params: LinkIdParamsSchema, response: { 200: LinkSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await context.throttle.hit('linkShares', user.id);
      return presentLink(await retryFailedLink(context, request.params.id, user.id), user.id);
    },
  );

  registerLinkLikeRoutes(app, context);
  registerLinkCommentRoutes(app, context);
  registerPublishedLinkRoutes(app, context);
}
