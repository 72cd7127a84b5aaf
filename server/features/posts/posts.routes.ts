import { LIMITS } from '../../../shared/domain/constants';
import {
  CreatePostBodySchema,
  DeletedResponseSchema,
  GroupPhotoListSchema,
  IdParamsSchema,
  PostDetailSchema,
  PostListSchema,
  PostFileParamsSchema,
  PostSchema,
  TimelineQuerySchema,
  UpdatePostBodySchema,
  UpdatePostFileBodySchema,
} from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { decodeCursor } from '../../http/pagination';
import { findGroupWithRole } from '../groups/memberships';
import { contentHtml } from './content-html';
import { keptPosts } from './kept-posts';
import { presentGroupPhotos } from './posts.presenter';
import { groupPhotoPostsQuery } from './posts.repo';
import { PageQuerySchema } from '../../../shared/api/fields';
import { sendPage } from '../../http/kept-page';
import {
  createPost,
  describePostFile,
  editPost,
  loadVisibleStillPost,
  presentFreshPost,
  removePost,
} from './posts.service';
import { sendTimelinePage } from './timeline-page';

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
        const group = await findGroupWithRole(db, groupId, user.id, context.database.readCache);
        if (!group?.role) throw notFound();
      }
      return sendTimelinePage(reply, context, { viewerId: user.id, groupId, cursor, limit });
    },
  );

  /**
   * A group's album (ADR 048): the photos and videos of its posts the member may see, newest post
   * first, a page of posts at a time. Members only (others get the group's 404); blocks and Ignore
   * hide a post's photos and videos as they hide the post. Kept until a table it read changes (ADR 042).
   */
  app.get(
    '/api/groups/:id/photos',
    {
      preValidation: signedInOnly,
      schema: {
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: GroupPhotoListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const groupId = request.params.id;
      const { after, limit = LIMITS.pageSize } = request.query;
      const group = await findGroupWithRole(db, groupId, user.id, context.database.readCache);
      if (!group?.role) throw notFound();
      const filter = { viewerId: user.id, groupId, cursor: decodeCursor(after), limit };
      return sendPage(reply, context.database.readCache, `group-photos:${JSON.stringify(filter)}`, {
        load: async () => groupPhotoPostsQuery(db, filter),
        limit,
        exactAt: (row) => row.createdAtExact,
        shownAt: () => [],
        present: async (rows) => presentGroupPhotos(rows),
      });
    },
  );

  app.post(
    '/api/posts',
    { preValidation: signedInOnly, schema: { body: CreatePostBodySchema, response: { 201: PostSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const post = await createPost(context, user.id, request.body.post);
      return reply.status(201).send(await presentFreshPost(context, post, user.id));
    },
  );

  /** The author edits the title and content (the rules of create); `edited_at` records when. */
  app.patch(
    '/api/posts/:id',
    {
      preValidation: signedInOnly,
      schema: { params: IdParamsSchema, body: UpdatePostBodySchema, response: { 200: PostSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const post = await editPost(context, request.params.id, user.id, request.body.post);
      return presentFreshPost(context, post, user.id);
    },
  );

  /** The author describes one of the post's photos (its alt text), answering the post (ADR 048). */
  app.patch(
    '/api/posts/:id/files/:file_id',
    {
      preValidation: signedInOnly,
      schema: { params: PostFileParamsSchema, body: UpdatePostFileBodySchema, response: { 200: PostSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { id, file_id: fileId } = request.params;
      const post = await describePostFile(context, id, fileId, user.id, request.body.file.alt);
      return presentFreshPost(context, post, user.id);
    },
  );

  app.get(
    '/api/posts/:id',
    { preValidation: signedInOnly, schema: { params: IdParamsSchema, response: { 200: PostDetailSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      // Kept until a table it read changes (ADR 042); its counts are read apart, so a like keeps it.
      const [post] = await keptPosts(
        context,
        context.database.readCache,
        `post:${user.id}:${id}`,
        user.id,
        async () => [await loadVisibleStillPost(db, id, user.id)],
      );
      // Rendered once per text and kept (./content-html.ts), as cards' previews are.
      return { ...post!, content_html: post!.content.trim() ? contentHtml(post!.content) : '' };
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
