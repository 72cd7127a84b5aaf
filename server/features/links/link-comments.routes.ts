import {
  CreateLinkCommentBodySchema,
  LinkCommentListSchema,
  LinkCommentParamsSchema,
  LinkCommentSchema,
  LinkIdParamsSchema,
  UpdateLinkCommentBodySchema,
} from '../../../shared/api/links';
import { PageQuerySchema } from '../../../shared/api/fields';
import { LIMITS } from '../../../shared/domain/constants';
import { DeletedResponseSchema, LikeResponseSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { decodeCursor, paginate } from '../../http/pagination';
import { presentLinkComment } from './link-comments.presenter';
import {
  countLinkCommentLikes,
  deleteLinkComment,
  deleteLinkCommentLike,
  insertLinkCommentLike,
} from './link-comments.repo';
import {
  createLinkComment,
  editLinkComment,
  loadLinkCommentPage,
  loadLinkReplyPage,
  loadVisibleLinkComment,
} from './link-comments.service';
import { canDeleteLinkComment } from './links.policy';
import { loadVisibleLink } from './links.service';

/**
 * Comments on a link and their likes. Whoever may see the link may read, write and like its
 * comments; a link they may not see is 404 on every route, comments included.
 */
export function registerLinkCommentRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.get(
    '/api/links/:id/comments',
    {
      preValidation: signedInOnly,
      schema: {
        params: LinkIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: LinkCommentListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const link = await loadVisibleLink(db, request.params.id, user.id);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const cursor = decodeCursor(request.query.after);
      const { rows, repliesOf, view } = await loadLinkCommentPage(db, link, user.id, { cursor, limit });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map((row) =>
        presentLinkComment(row, view, repliesOf.get(row.id)),
      );
    },
  );

  /** The replies to one comment, oldest first, paged by cursor. */
  app.get(
    '/api/links/:id/comments/:commentId/replies',
    {
      preValidation: signedInOnly,
      schema: {
        params: LinkCommentParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: LinkCommentListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const cursor = decodeCursor(request.query.after);
      const { rows, view } = await loadLinkReplyPage(db, request.params, user.id, { cursor, limit });
      return paginate(reply, rows, limit, (row) => row.createdAtExact).map((row) =>
        presentLinkComment(row, view),
      );
    },
  );

  app.post(
    '/api/links/:id/comments',
    {
      preValidation: signedInOnly,
      schema: {
        params: LinkIdParamsSchema,
        body: CreateLinkCommentBodySchema,
        response: { 201: LinkCommentSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const link = await loadVisibleLink(db, request.params.id, user.id);
      const { row, view } = await createLinkComment(db, link, user.id, {
        content: request.body.content,
        parentId: request.body.parent_id ?? null,
      });
      return reply.status(201).send(presentLinkComment(row, view));
    },
  );

  /** Its author rewrites a comment {content} (the rules of create); `edited_at` records when. */
  app.patch(
    '/api/links/:id/comments/:commentId',
    {
      preValidation: signedInOnly,
      schema: {
        params: LinkCommentParamsSchema,
        body: UpdateLinkCommentBodySchema,
        response: { 200: LinkCommentSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { row, view } = await editLinkComment(db, request.params, user.id, request.body.content);
      return presentLinkComment(row, view);
    },
  );

  app.delete(
    '/api/links/:id/comments/:commentId',
    {
      preValidation: signedInOnly,
      schema: { params: LinkCommentParamsSchema, response: { 200: DeletedResponseSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { link, comment } = await loadVisibleComment(request.params, user.id);
      if (!canDeleteLinkComment(user.id, comment, link)) throw forbidden();
      await deleteLinkComment(db, comment.id);
      return { id: comment.id, deleted: true as const };
    },
  );

  const likeOptions = {
    preValidation: signedInOnly,
    schema: { params: LinkCommentParamsSchema, response: { 200: LikeResponseSchema } },
  };

  app.post('/api/links/:id/comments/:commentId/like', likeOptions, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const { comment } = await loadVisibleComment(request.params, user.id);
    await insertLinkCommentLike(db, comment.id, user.id);
    return { liked: true, likes_count: await countLinkCommentLikes(db, comment.id) };
  });

  app.delete('/api/links/:id/comments/:commentId/like', likeOptions, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const { comment } = await loadVisibleComment(request.params, user.id);
    await deleteLinkCommentLike(db, comment.id, user.id);
    return { liked: false, likes_count: await countLinkCommentLikes(db, comment.id) };
  });

  const loadVisibleComment = (params: { id: string; commentId: string }, viewerId: string) =>
    loadVisibleLinkComment(db, params, viewerId);
}
