import type { FastifyRequest } from 'fastify';
import {
  LinkIdParamsSchema,
  PublishedLinkListSchema,
  PublishedLinkSchema,
  PublishedLinksQuerySchema,
} from '../../../shared/api/links';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { SHARED_CACHE } from '../../http/cache-policy';
import { clientSubject } from '../../http/client-ip';
import { notFound } from '../../http/errors';
import { decodeCursor, paginate } from '../../http/pagination';
import { cacheableByEveryone } from '../public-posts/public-posts.cache';
import { sendLeadImage } from './lead-image.serve';
import { presentPublishedLink, presentPublishedLinks } from './links.presenter';
import { findPublishedLink, listPublishedLinks } from './links.repo';

/**
 * Published links for the explore pages: anyone, no session needed, the same answer for members.
 * Throttled per client IP before anything else runs and cacheable like the published posts API.
 * A link that is not published and read is a 404, exactly like one that never existed.
 */
export function registerPublishedLinkRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const publicRead = {
    onRequest: async (request: FastifyRequest) => context.throttle.hit('publishedIp', clientSubject(request)),
    onSend: cacheableByEveryone(SHARED_CACHE),
  };

  app.get(
    '/api/published_links',
    {
      ...publicRead,
      schema: { querystring: PublishedLinksQuerySchema, response: { 200: PublishedLinkListSchema } },
    },
    async (request, reply) => {
      const { after, limit = LIMITS.pageSize } = request.query;
      const rows = await listPublishedLinks(db, { cursor: decodeCursor(after), limit });
      return presentPublishedLinks(paginate(reply, rows, limit, (row) => row.createdAtExact));
    },
  );

  app.get(
    '/api/published_links/:id',
    { ...publicRead, schema: { params: LinkIdParamsSchema, response: { 200: PublishedLinkSchema } } },
    async (request) => {
      const row = await findPublishedLink(db, request.params.id);
      if (!row) throw notFound();
      return presentPublishedLink(row);
    },
  );

  app.get(
    '/api/published_links/:id/lead_image',
    { onRequest: publicRead.onRequest, schema: { params: LinkIdParamsSchema } },
    async (request, reply) => {
      const row = await findPublishedLink(db, request.params.id);
      if (!row) throw notFound();
      return sendLeadImage(context, reply, row, true);
    },
  );
}
