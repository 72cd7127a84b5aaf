import { CommentListSchema, CommentSchema, CreateCommentBodySchema } from '../../../shared/api/comments';
import { DeletedResponseSchema, IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../app';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { loadVisiblePost } from '../posts/posts.service';
import { canComment, canDeleteComment } from './comments.policy';
import { presentComment } from './comments.presenter';
import { deleteComment, findComment, insertComment, listComments } from './comments.repo';

export function registerCommentRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.get(
    '/api/posts/:id/comments',
    { preValidation: signedInOnly, schema: { params: IdParamsSchema, response: { 200: CommentListSchema } } },
    async (request) => {
      const user = requireUser(request);
      const post = await loadVisiblePost(db, request.params.id, user.id);
      const now = new Date();
      const rows = await listComments(db, post.id, user.id);
      return rows.map((row) => presentComment(row, user.id, post, post.viewerRole, now));
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
      const post = await loadVisiblePost(db, request.params.id, user.id);
      if (!canComment(post, post.viewerRole)) throw forbidden();
      const { id } = await insertComment(db, {
        postId: post.id,
        userId: user.id,
        content: request.body.comment.content,
      });
      const row = (await findComment(db, id))!;
      return reply.status(201).send(presentComment(row, user.id, post, post.viewerRole));
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
      const comment = await findComment(db, request.params.id);
      if (!comment) throw notFound();
      // A comment on a post the member may not see does not exist for them.
      const post = await loadVisiblePost(db, comment.postId, user.id);
      if (!canDeleteComment(user.id, comment, post, post.viewerRole)) throw forbidden();
      await deleteComment(db, comment.id);
      return { id: comment.id, deleted: true as const };
    },
  );
}
