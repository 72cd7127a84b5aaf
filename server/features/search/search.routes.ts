import { SearchBodySchema, SearchResultsSchema } from '../../../shared/api/search';
import type { App, RouteContext } from '../../app';
import { requireUser, signedInOnly } from '../../http/auth';
import { presentPosts } from '../posts/posts.presenter';
import { searchPosts } from '../posts/posts.repo';

export const SEARCH_LIMIT = 50;

/** Keyword search over the posts the member may see (PostgreSQL full text). */
export function registerSearchRoutes(app: App, context: RouteContext) {
  app.post(
    '/api/search',
    {
      preValidation: signedInOnly,
      schema: { body: SearchBodySchema, response: { 200: SearchResultsSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await searchPosts(context.db, user.id, request.body.query, SEARCH_LIMIT);
      return presentPosts(rows, user.id, context.config.publicOrigin);
    },
  );
}
