import { SearchBodySchema, SearchResultsSchema, SearchSectionsSchema } from '../../../shared/api/search';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { noReadCache } from '../../db/read-cache';
import { keptPosts } from '../posts/kept-posts';
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
      // Kept until a table it read changes (ADR 042), like a timeline page; its counts are read apart.
      const cache = searchAnswersFollowTheData(context) ? context.database.readCache : noReadCache;
      return keptPosts(
        context,
        cache,
        `search:${JSON.stringify({ viewerId: user.id, query })}`,
        user.id,
        () => searchPosts(context, user.id, query),
      );
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
