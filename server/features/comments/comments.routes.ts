import {
  CommentFieldsSchema,
  CommentListSchema,
  CommentPageQuerySchema,
  CommentSchema,
  CreateCommentBodySchema,
  UpdateCommentBodySchema,
} from '../../../shared/api/comments';
import { LIMITS } from '../../../shared/domain/constants';
import { DeletedResponseSchema, IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { readingPosts } from '../../db/read-cache';
import { sendPage } from '../../http/kept-page';
import { decodeCursor, paginate } from '../../http/pagination';
import { loadVisiblePostScope } from '../posts/posts.service';
import { presentComment, presentCommentFields } from './comments.presenter';
import {
  createComment,
  editComment,
  loadCommentPage,
  loadOneComment,
  loadReplyPage,
  removeComment,
} from './comments.service';

export function registerCommentRoutes(app: App, context: RouteContext) {
  const { db } = context;

  /** Top-level comments oldest first, paged by cursor, each with its first replies. */
  app.get(
    '/api/posts/:id/comments',
    {
      preValidation: signedInOnly,
      schema: {
        params: IdParamsSchema,
        querystring: CommentPageQuerySchema,
        response: { 200: CommentListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const cursor = decodeCursor(request.query.after);
      const postId = request.params.id;
      // Kept until a table it read changes (ADR 042): a like elsewhere, or on the post, keeps it.
      let loaded: Awaited<ReturnType<typeof loadCommentPage>> | null = null;
      const key = `comments:${JSON.stringify({ postId, viewerId: user.id, cursor, limit })}`;
      return sendPage(reply, context.database.readCache, key, {
        load: async () => {
          const post = await loadVisiblePostScope(db, postId, user.id);
          // Only this post's comments: a comment on another post keeps this page.
          loaded = await readingPosts([post.id], () => loadCommentPage(db, post, user.id, { cursor, limit }));
          return loaded.rows;
        },
        limit,
        exactAt: (row) => row.createdAtExact,
        shownAt: (row) => [row, ...(loaded!.repliesOf.get(row.id) ?? [])].map((shown) => shown.createdAt),
        present: (page, now) => {
          const { view, repliesOf } = loaded!;
          return page.map((row) => presentComment(row, { ...view, now }, repliesOf.get(row.id)));
        },
      });
    },
  );

  /**
   * One comment as the viewer sees it (without its replies): what an open post page loads when the
   * live stream says a comment came or changed (ADR 047). 404 for a comment the viewer may not see.
   */
  app.get(
    '/api/comments/:id',
    {
      preValidation: signedInOnly,
      schema: { params: IdParamsSchema, response: { 200: CommentFieldsSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const { row, view } = await loadOneComment(db, request.params.id, user.id);
      return presentCommentFields(row, view);
    },
  );

  /** The replies to one comment, oldest first, paged by cursor. */
  app.get(
    '/api/comments/:id/replies',
    {
      preValidation: signedInOnly,
      schema: {
        params: IdParamsSchema,
        querystring: CommentPageQuerySchema,
        response: { 200: CommentListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const cursor = decodeCursor(request.query.after);
      const { rows, view } = await loadReplyPage(db, request.params.id, user.id, { cursor, limit });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map((row) =>
        presentComment(row, view),
      );
    },
  );

  app.post(
    '/api/posts/:id/comments',
    {
      preValidation: signedInOnly,
      schema: { params: IdParamsSchema, body: CreateCommentBodySchema, response: { 201: CommentSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const post = await loadVisiblePostScope(db, request.params.id, user.id);
      const { content, parent_id: parentId } = request.body.comment;
      const { row, view } = await createComment(db, post, user.id, { content, parentId: parentId ?? null });
      return reply.status(201).send(presentComment(row, view));
    },
  );

  /** Its author rewrites a comment (the rules of create); `edited_at` records when. */
  app.patch(
    '/api/comments/:id',
    {
      preValidation: signedInOnly,
      schema: { params: IdParamsSchema, body: UpdateCommentBodySchema, response: { 200: CommentSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { row, view } = await editComment(db, request.params.id, user.id, request.body.comment.content);
      return presentComment(row, view);
    },
  );

  app.delete(
    '/api/comments/:id',
    {
      preValidation: signedInOnly,
      schema: { params: IdParamsSchema, response: { 200: DeletedResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const comment = await removeComment(db, request.params.id, user.id);
      return { id: comment.id, deleted: true as const };
    },
  );
}
