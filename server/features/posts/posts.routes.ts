import { LIMITS } from '../../../shared/domain/constants';
import {
  CreatePostBodySchema,
  DeletedResponseSchema,
  IdParamsSchema,
  PostListSchema,
  PostSchema,
  TimelineQuerySchema,
} from '../../../shared/api/posts';
import type { App, RouteContext } from '../../app';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { decodeCursor, paginate } from '../../http/pagination';
import { findGroupWithRole } from '../groups/memberships';
import { presentPost, presentPosts } from './posts.presenter';
import { listTimeline } from './posts.repo';
import { createPost, loadVisiblePost, removePost } from './posts.service';

export function registerPostRoutes(app: App, context: RouteContext) {
  const { db } = context;

  /** The timeline: every post the member may see, or one group's posts (members only). */
  app.get(
    '/api/posts',
    {
      preValidation: signedInOnly,
      schema: { querystring: TimelineQuerySchema, response: { 200: PostListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { group_id: groupId, after, limit = LIMITS.pageSize } = request.query;
      const cursor = decodeCursor(after);
      if (groupId) {
        const group = await findGroupWithRole(db, groupId, user.id);
        if (!group?.role) throw notFound();
      }
      const rows = await listTimeline(db, { viewerId: user.id, groupId, cursor, limit });
      return presentPosts(
        paginate(reply, rows, limit, (row) => row.createdAtExact),
        user.id,
        context.config.publicOrigin,
      );
    },
  );

  app.post(
    '/api/posts',
    { preValidation: signedInOnly, schema: { body: CreatePostBodySchema, response: { 201: PostSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const post = await createPost(context, user.id, request.body.post);
      return reply.status(201).send(presentPost(post, user.id, context.config.publicOrigin));
    },
  );

  app.get(
    '/api/posts/:id',
    { preValidation: signedInOnly, schema: { params: IdParamsSchema, response: { 200: PostSchema } } },
    async (request) => {
      const user = requireUser(request);
      return presentPost(
        await loadVisiblePost(db, request.params.id, user.id),
        user.id,
        context.config.publicOrigin,
      );
    },
  );

  app.delete(
    '/api/posts/:id',
    {
      preValidation: signedInOnly,
      schema: { params: IdParamsSchema, response: { 200: DeletedResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await removePost(db, request.params.id, user.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
}
