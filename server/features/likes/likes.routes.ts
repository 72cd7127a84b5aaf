import { IdParamsSchema, LikeResponseSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { canCommentInGroup } from '../../policies/group-roles';
import { loadVisiblePostScope } from '../posts/posts.service';
import { likePost, unlikePost } from './likes.service';

/** POST and DELETE /api/posts/{id}/likes: idempotent; both answer {liked, likes_count}. */
export function registerLikeRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const options = {
    preValidation: signedInOnly,
    schema: { params: IdParamsSchema, response: { 200: LikeResponseSchema } },
  };

  app.post('/api/posts/:id/likes', options, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const post = await loadVisiblePostScope(db, request.params.id, user.id);
    // In a group every role (Commentor and up) may like; a visible group post implies membership.
    if (post.groupId !== null && !canCommentInGroup(post.viewerRole)) throw forbidden();
    return { liked: true, likes_count: await likePost(db, post, user.id) };
  });

  app.delete('/api/posts/:id/likes', options, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const post = await loadVisiblePostScope(db, request.params.id, user.id);
    return { liked: false, likes_count: await unlikePost(db, post, user.id) };
  });
}
