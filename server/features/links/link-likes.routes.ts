import { LinkIdParamsSchema } from '../../../shared/api/links';
import { LikeResponseSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { likeLink, unlikeLink } from './link-likes.service';
import { loadVisibleLink } from './links.service';

/** POST and DELETE /api/links/{id}/like: idempotent; both answer {liked, likes_count}. */
export function registerLinkLikeRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const options = {
    preValidation: signedInOnly,
    schema: { params: LinkIdParamsSchema, response: { 200: LikeResponseSchema } },
  };

  app.post('/api/links/:id/like', options, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const link = await loadVisibleLink(db, request.params.id, user.id);
    return { liked: true, likes_count: await likeLink(db, link, user.id) };
  });

  app.delete('/api/links/:id/like', options, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    const link = await loadVisibleLink(db, request.params.id, user.id);
    return { liked: false, likes_count: await unlikeLink(db, link, user.id) };
  });
}
