import {
  FollowResponseSchema,
  FriendsPageQuerySchema,
  FriendsSchema,
  PersonListSchema,
} from '../../../shared/api/follows';
import { LIMITS } from '../../../shared/domain/constants';
import { IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { invalidField, notFound } from '../../http/errors';
import { decodeKeyCursor, paginateByKey } from '../../http/key-cursor';
import { isBlockedEitherWay } from '../../policies/visibility';
import { findBlocksBetween } from '../blocks/blocks.repo';
import { memberExists } from '../profiles/profiles.repo';
import { presentSummary } from './follows.presenter';
import { countFollowers, listFriends, listFriendsPage } from './follows.repo';
import { followMember, unfollowMember } from './follows.service';

/** Following members (the Friends page); `public` links are shown to the owner's followers. */
export function registerFollowRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const options = {
    preValidation: signedInOnly,
    schema: { params: IdParamsSchema, response: { 200: FollowResponseSchema } },
  };

  app.post('/api/profiles/:id/follow', options, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    if (!(await memberExists(db, request.params.id))) throw notFound();
    if (request.params.id === user.id) throw invalidField('base', "You can't follow yourself.");
    // A block either way: the other member is not there to follow (as their posts are not).
    const blocks = await findBlocksBetween(db, user.id, request.params.id);
    if (isBlockedEitherWay(blocks, user.id, request.params.id)) throw notFound();
    await followMember(db, user.id, request.params.id);
    return { is_following: true, followers_count: await countFollowers(db, request.params.id) };
  });

  app.delete('/api/profiles/:id/follow', options, async (request) => {
    const user = requireUser(request);
    await context.throttle.hit('memberWrites', user.id);
    if (!(await memberExists(db, request.params.id))) throw notFound();
    await unfollowMember(db, user.id, request.params.id);
    return { is_following: false, followers_count: await countFollowers(db, request.params.id) };
  });

  app.get(
    '/api/friends',
    { preValidation: signedInOnly, schema: { response: { 200: FriendsSchema } } },
    async (request) => {
      const user = requireUser(request);
      const friends = await listFriends(db, user.id);
      return {
        following: friends.following.map(presentSummary),
        followers: friends.followers.map(presentSummary),
        suggestions: friends.suggestions.map(presentSummary),
      };
    },
  );

  for (const list of ['following', 'followers'] as const) {
    app.get(
      `/api/friends/${list}`,
      {
        preValidation: signedInOnly,
        schema: { querystring: FriendsPageQuerySchema, response: { 200: PersonListSchema } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { after, limit = LIMITS.pageSizeMax } = request.query;
        const rows = await listFriendsPage(db, user.id, list, {
          after: decodeKeyCursor(after, ['string']),
          limit: limit + 1,
        });
        return paginateByKey(reply, rows, limit, (row) => [row.sortName]).map(presentSummary);
      },
    );
  }
}
