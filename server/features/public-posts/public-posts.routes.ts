import { PageQuerySchema } from '../../../shared/api/fields';
import { DeletedResponseSchema, IdParamsSchema } from '../../../shared/api/posts';
import {
  CreatePublicPostBodySchema,
  PublicGroupSchema,
  PublicPostListSchema,
  PublicPostSchema,
  PublicProfileSchema,
  PublishedPostListSchema,
  PublishedPostParamsSchema,
  PublishedPostSchema,
  PublishedQuerySchema,
} from '../../../shared/api/public-posts';
import { LIMITS } from '../../../shared/domain/constants';
import type { FastifyRequest } from 'fastify';
import type { App, RouteContext } from '../../context';
import { SHARED_CACHE } from '../../http/cache-policy';
import { clientSubject } from '../../http/client-ip';
import { requireUser, signedInOnly } from '../../http/auth';
import { sendPage } from '../../http/kept-page';
import { decodeCursor, paginate } from '../../http/pagination';
import { cacheableByEveryone } from './public-posts.cache';
import {
  presentPublicGroup,
  presentPublicPost,
  presentPublicProfile,
  presentPublishedPost,
  presentPublishedPosts,
} from './public-posts.presenter';
import { listOwnPublicPosts } from './public-posts.repo';
import {
  listPublishedPage,
  loadPublicGroup,
  loadPublicProfile,
  loadPublished,
  publishPost,
  unpublishPost,
} from './public-posts.service';

/**
 * Publishing (members, their own posts) and the public reads (anyone, no session needed; members
 * get the same answer). Public reads are throttled per client IP before anything else runs.
 */
export function registerPublicPostRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const origin = context.config.publicOrigin;
  const signedIn = { preValidation: signedInOnly };
  const publicRead = {
    onRequest: async (request: FastifyRequest) => context.throttle.hit('publishedIp', clientSubject(request)),
    onSend: cacheableByEveryone(SHARED_CACHE),
  };

  app.post(
    '/api/public_posts',
    { ...signedIn, schema: { body: CreatePublicPostBodySchema, response: { 201: PublicPostSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const publication = await publishPost(db, user.id, request.body.public_post);
      return reply.status(201).send(presentPublicPost(publication, origin));
    },
  );

  /** The member's own publications, newest first. */
  app.get(
    '/api/public_posts',
    { ...signedIn, schema: { querystring: PageQuerySchema, response: { 200: PublicPostListSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { after, limit = LIMITS.pageSize } = request.query;
      const rows = await listOwnPublicPosts(db, { userId: user.id, cursor: decodeCursor(after), limit });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map((row) =>
        presentPublicPost(row, origin),
      );
    },
  );

  app.delete(
    '/api/public_posts/:id',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: DeletedResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await unpublishPost(db, request.params.id, user.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  /** Published posts, newest publication first; the feed asks for one at a time. */
  app.get(
    '/api/published_posts',
    {
      ...publicRead,
      schema: { querystring: PublishedQuerySchema, response: { 200: PublishedPostListSchema } },
    },
    async (request, reply) => {
      const { after, limit = LIMITS.pageSize, group_id: groupId, profile_id: profileId } = request.query;
      const filter = { groupId, profileId, cursor: decodeCursor(after), limit };
      return sendPage(reply, context.database.publicReadCache, `published:${JSON.stringify(filter)}`, {
        load: () => listPublishedPage(db, filter),
        limit,
        exactAt: (row) => row.createdAtExact,
        shownAt: (row) => row.postCreatedAt,
        present: (page, now) => presentPublishedPosts(page, origin, now),
      });
    },
  );

  /** One published post by its post id or its slug. */
  app.get(
    '/api/published_posts/:id',
    { ...publicRead, schema: { params: PublishedPostParamsSchema, response: { 200: PublishedPostSchema } } },
    async (request) => {
      const row = await loadPublished(db, request.params.id);
      return presentPublishedPost(row, origin);
    },
  );

  app.get(
    '/api/explore/groups/:id',
    { ...publicRead, schema: { params: IdParamsSchema, response: { 200: PublicGroupSchema } } },
    async (request) => {
      const group = await loadPublicGroup(db, request.params.id);
      return presentPublicGroup(group);
    },
  );

  app.get(
    '/api/explore/profiles/:id',
    { ...publicRead, schema: { params: IdParamsSchema, response: { 200: PublicProfileSchema } } },
    async (request) => {
      const profile = await loadPublicProfile(db, request.params.id);
      return presentPublicProfile(profile);
    },
  );
}
