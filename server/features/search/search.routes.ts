import { SearchBodySchema, SearchResultsSchema, SearchSectionsSchema } from '../../../shared/api/search';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { resolveMentions } from '../mentions/mentions.service';
import { timeAgo } from '../../../shared/domain/time';
import { noReadCache } from '../../db/read-cache';
import { NO_COUNTS, presentPosts, withCounts } from '../posts/posts.presenter';
import { postCounts } from '../posts/posts.repo';
import { postCountsKey } from '../posts/timeline-page';
import { presentGroupHit, presentLinkHit, presentPersonHit } from './search.presenter';
import { searchAnswersFollowTheData, searchPosts, searchSections } from './search.service';

/**
 * Search over what the member may see. POST /api/search keeps the spec's answer (posts, in the
 * post shape); POST /api/search/all answers the other kinds (links, people, groups) by section.
 */
export function registerSearchRoutes(app: App, context: RouteContext) {
  app.post(
    '/api/search',
    {
      preValidation: signedInOnly,
      schema: { body: SearchBodySchema, response: { 200: SearchResultsSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const { query } = request.body;
      const load = async () => {
        const rows = await searchPosts(context, user.id, query);
        const mentions = await resolveMentions(
          context.db,
          user.id,
          rows.map((row) => row.content),
        );
        const now = new Date();
        const items = presentPosts(
          rows.map((row) => ({ ...row, ...NO_COUNTS })),
          user.id,
          context.config.publicOrigin,
          mentions,
          now,
        );
        return {
          items,
          shownAt: rows.map((row) => row.createdAt),
          ages: rows.map((row) => timeAgo(row.createdAt, now)),
        };
      };
      // Kept until a table it read changes (ADR 042), like a timeline page; its counts are read apart.
      const cache = searchAnswersFollowTheData(context) ? context.database.readCache : noReadCache;
      const found = await cache.read(`search:${JSON.stringify({ viewerId: user.id, query })}`, load, (kept) =>
        kept.shownAt.every((at, index) => timeAgo(at, new Date()) === kept.ages[index]),
      );
      const ids = found.items.map((post) => post.id);
      const counts = await context.database.readCache.read(postCountsKey(user.id, ids), () =>
        postCounts(context.db, user.id, ids),
      );
      return found.items.map((post) => withCounts(post, counts.get(post.id)));
    },
  );

  app.post(
    '/api/search/all',
    {
      preValidation: signedInOnly,
      schema: { body: SearchBodySchema, response: { 200: SearchSectionsSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await searchSections(context, user.id, request.body.query);
      return {
        links: found.links.map(presentLinkHit),
        people: found.people.map((row) => presentPersonHit(row, found.words)),
        groups: found.groups.map((row) => presentGroupHit(row, found.words)),
      };
    },
  );
}
