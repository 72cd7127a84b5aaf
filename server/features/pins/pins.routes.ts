import { IdParamsSchema, PostListSchema, PostSchema } from '../../../shared/api/posts';
import { PinParamsSchema } from '../../../shared/api/pins';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { findGroupWithRole } from '../groups/memberships';
import { keptPosts } from '../posts/kept-posts';
import { loadVisiblePost, presentFreshPost } from '../posts/posts.service';
import { listVisiblePins, pinPost, unpinPost } from './pins.service';

/** Pinned posts in a group (ADR 043): Owners and Moderators pin and unpin; members read them. */
export function registerPinRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };

  /** The post as the actor now sees it, `pinned` included. */
  async function presentFor(postId: string, viewerId: string) {
    return presentFreshPost(context, await loadVisiblePost(db, postId, viewerId), viewerId);
  }

  /** The pinned posts, for the members who see the group's timeline (404 otherwise, like it). */
  app.get(
    '/api/groups/:id/pins',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: PostListSchema } } },
    async (request) => {
      const user = requireUser(request);
      const groupId = request.params.id;
      const cache = context.database.readCache;
      const group = await findGroupWithRole(db, groupId, user.id, cache);
      if (!group?.role) throw notFound();
      // Kept until a table it read changes, a pin or an unpin included; counts are read apart (ADR 042).
      return keptPosts(context, cache, `pins:${user.id}:${groupId}`, user.id, () =>
        listVisiblePins(db, groupId, user.id),
      );
    },
  );

  app.put(
    '/api/groups/:id/pins/:post_id',
    {
      ...signedIn,
      schema: { params: PinParamsSchema, response: { 200: PostSchema, 201: PostSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { id: groupId, post_id: postId } = request.params;
      const { created } = await pinPost(db, groupId, postId, user.id);
      return reply.status(created ? 201 : 200).send(await presentFor(postId, user.id));
    },
  );

  app.delete(
    '/api/groups/:id/pins/:post_id',
    { ...signedIn, schema: { params: PinParamsSchema, response: { 200: PostSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { id: groupId, post_id: postId } = request.params;
      await unpinPost(db, groupId, postId, user.id);
      return presentFor(postId, user.id);
    },
  );
}
