import {
  CreateLinkCommentBodySchema,
  LinkCommentListSchema,
  LinkCommentParamsSchema,
  LinkCommentSchema,
  LinkIdParamsSchema,
} from '../../../shared/api/links';
import { DeletedResponseSchema, LikeResponseSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../app';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { presentLinkComment } from './link-comments.presenter';
import {
  countLinkCommentLikes,
  deleteLinkComment,
  deleteLinkCommentLike,
  findLinkComment,
  insertLinkComment,
  insertLinkCommentLike,
  listLinkComments,
} from './link-comments.repo';
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
      schema: { params: LinkIdParamsSchema, response: { 200: LinkCommentListSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const link = await loadVisibleLink(db, request.params.id, user.id);
      const now = new Date();
      const rows = await listLinkComments(db, link.id, user.id);
      return rows.map((row) => presentLinkComment(row, user.id, link, now));
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
      const { id } = await insertLinkComment(db, {
        linkId: link.id,
        userId: user.id,
        content: request.body.content,
      });
      const row = (await findLinkComment(db, link.id, id, user.id))!;
      return reply.status(201).send(presentLinkComment(row, user.id, link));
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

  /** The comment, if it belongs to this link and the viewer may see the link; otherwise 404. */
  async function loadVisibleComment(params: { id: string; commentId: string }, viewerId: string) {
    const link = await loadVisibleLink(db, params.id, viewerId);
    const comment = await findLinkComment(db, link.id, params.commentId, viewerId);
    if (!comment) throw notFound();
    return { link, comment };
  }
}
